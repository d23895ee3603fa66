import { sql, type SQL } from 'drizzle-orm';
import { checked } from '../lib/input.ts';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { noChangeHook, type ChangeHook } from '../lib/change-hook.ts';
import { cmsEntries, locales } from './schema.ts';
import { contentDate, shapeAttributes, type ContentQuery, type Populate } from './query.ts';
import { RESERVED_ATTRIBUTES, type ContentType } from './types.ts';

/**
 * An entry as the content backend answers it: `{ id, documentId, ...attributes, locale,
 * createdAt, … }`.
 */
export type ContentEntry = { id: number } & Record<string, unknown>;

/** How a route names an entry: its id, or its Strapi 5 `documentId`. */
export type EntryRef = number | string;

interface EntryRow extends Record<string, unknown> {
  id: number;
  document_id: string;
  locale: string | null;
  data: Record<string, unknown>;
  created_at: string | Date;
  updated_at: string | Date;
  published_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function present(
  type: ContentType,
  row: EntryRow,
  populate: Populate | null,
  fields: string[] | null,
): ContentEntry {
  // Strapi answers `id` and `documentId` whatever `fields` asks for.
  const entry: ContentEntry = {
    id: row.id,
    documentId: row.document_id,
    ...shapeAttributes(row.data, type.relations, populate, fields),
  };
  const meta: Record<string, unknown> = {
    locale: row.locale,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    // Null for a draft, which only staff see (`publicationState=preview`).
    publishedAt: row.published_at === null ? null : iso(row.published_at),
  };
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'locale' && !type.localized) continue;
    if (!fields || fields.includes(key)) entry[key] = value;
  }
  return entry;
}

/** The site's locales (the `locales` table) and the default one. */
export async function siteLocales(app: AppContext) {
  const rows = await app.database.db.select().from(locales).orderBy(locales.code);
  const defaultLocale = rows.find((row) => row.isDefault)?.code ?? rows[0]?.code ?? 'en-US';
  return { rows, defaultLocale };
}

/** The locale an entry is read or written in: null for types that are not localised. */
async function resolveLocale(
  app: AppContext,
  type: ContentType,
  requested: string | null,
  allowAll: boolean,
): Promise<string | null> {
  if (!type.localized) return null;
  const { rows, defaultLocale } = await siteLocales(app);
  if (requested === null) return defaultLocale;
  if (requested === 'all' && allowAll) return 'all';
  if (!rows.some((row) => row.code === requested)) {
    throw new ApiError('InvalidParameter', `Unknown locale ${requested}`, {
      invalidParameters: { locale: ['wrong_field'] },
    });
  }
  return requested;
}

export interface FoundEntries {
  data: ContentEntry[];
  meta: { pagination: Record<string, number> };
}

export async function findEntries(
  app: AppContext,
  type: ContentType,
  query: ContentQuery,
): Promise<FoundEntries> {
  const locale = await resolveLocale(app, type, query.locale, true);
  const conditions: SQL[] = [sql`"type" = ${type.name}`];
  if (locale !== null && locale !== 'all') conditions.push(sql`"locale" = ${locale}`);
  if (query.publication === 'live') conditions.push(sql`"published_at" is not null`);
  if (query.where) conditions.push(query.where);
  const where = sql.join(conditions, sql.raw(' and '));
  const { pagination } = query;
  const limit = pagination.mode === 'page' ? pagination.pageSize : pagination.limit;
  const offset =
    pagination.mode === 'page' ? (pagination.page - 1) * pagination.pageSize : pagination.start;
  const rows = await app.database.query<EntryRow>(sql`
    select "id", "document_id", "locale", "data", "created_at", "updated_at", "published_at"
    from "cms_entries"
    where ${where}
    order by ${sql.join(query.orderBy, sql`, `)}
    limit ${limit} offset ${offset}`);
  let total: number | undefined;
  if (pagination.withCount) {
    const [count] = await app.database.query<{ total: number | string }>(
      sql`select count(*)::integer as total from "cms_entries" where ${where}`,
    );
    total = Number(count?.total ?? 0);
  }
  const meta: Record<string, number> =
    pagination.mode === 'page'
      ? { page: pagination.page, pageSize: pagination.pageSize }
      : { start: pagination.start, limit: pagination.limit };
  if (total !== undefined) {
    meta.total = total;
    if (pagination.mode === 'page') meta.pageCount = Math.ceil(total / pagination.pageSize);
  }
  return {
    data: rows.map((row) => present(type, row, query.populate, query.fields)),
    meta: { pagination: meta },
  };
}

function notFound(type: ContentType, ref: EntryRef): ApiError {
  return new ApiError('MethodNotFound', `No ${type.name} entry ${ref}`);
}

async function entryRow(db: Executor, type: ContentType, ref: EntryRef): Promise<EntryRow | null> {
  const which = typeof ref === 'number' ? sql`"id" = ${ref}` : sql`"document_id" = ${ref}`;
  const rows = (await db.execute(sql`
    select "id", "document_id", "locale", "data", "created_at", "updated_at", "published_at"
    from "cms_entries"
    where "type" = ${type.name} and ${which}`)) as unknown as { rows: EntryRow[] };
  return rows.rows[0] ?? null;
}

export async function findEntry(
  app: AppContext,
  type: ContentType,
  id: EntryRef,
  query: Pick<ContentQuery, 'populate' | 'fields' | 'publication'>,
): Promise<ContentEntry> {
  const row = await entryRow(app.database.db, type, id);
  // A draft is not there for the public (staff read it with publicationState=preview).
  if (!row || (row.published_at === null && query.publication === 'live')) {
    throw notFound(type, id);
  }
  return present(type, row, query.populate, query.fields);
}

/** The `data` of a create or update body, checked against the type's schema. */
function checkAttributes(type: ContentType, data: Record<string, unknown>) {
  const reserved = Object.keys(data).filter((key) => RESERVED_ATTRIBUTES.has(key));
  if (reserved.length > 0) {
    throw new ApiError('InvalidParameter', 'These attributes belong to the entry itself', {
      invalidParameters: Object.fromEntries(reserved.map((key) => [key, ['unknown_parameter']])),
    });
  }
  return checked(type.schema, data, 'Some attributes are not valid');
}

async function assertUnique(
  db: Executor,
  type: ContentType,
  locale: string | null,
  data: Record<string, unknown>,
  exceptId: number | null,
) {
  for (const attribute of type.unique ?? []) {
    const value = data[attribute];
    if (value === undefined || value === null) continue;
    const path = `'{${attribute}}'`;
    const rows = (await db.execute(sql`
      select "id" from "cms_entries"
      where "type" = ${type.name}
        and "locale" is not distinct from ${locale}::text
        and ("data" #>> ${sql.raw(path)}) = ${String(value as string)}
        and "id" <> ${exceptId ?? -1}
      limit 1`)) as unknown as { rows: unknown[] };
    if (rows.rows.length > 0) {
      throw new ApiError('InvalidParameter', `${attribute} is already used`, {
        invalidParameters: { [attribute]: ['already_exists'] },
      });
    }
  }
}

/** One entry per locale for a single type; the lock makes two racing creates take turns. */
async function assertNoSingle(db: Executor, type: ContentType, locale: string | null) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cms:${type.name}:${locale}`}))`);
  if (await singleRow(db, type, locale)) {
    throw new ApiError('InvalidParameter', `${type.name} exists already: update it instead`, {
      invalidParameters: { locale: ['already_exists'] },
    });
  }
}

async function singleRow(
  db: Executor,
  type: ContentType,
  locale: string | null,
): Promise<EntryRow | null> {
  const rows = (await db.execute(sql`
    select "id", "document_id", "locale", "data", "created_at", "updated_at", "published_at"
    from "cms_entries"
    where "type" = ${type.name} and "locale" is not distinct from ${locale}::text
    order by "id" limit 1`)) as unknown as { rows: EntryRow[] };
  return rows.rows[0] ?? null;
}

/** A single type's entry in a locale (`GET /cms/{type}`); a typed 404 when it is not set. */
export async function findSingle(
  app: AppContext,
  type: ContentType,
  query: Pick<ContentQuery, 'locale' | 'populate' | 'fields' | 'publication'>,
): Promise<ContentEntry> {
  const locale = await resolveLocale(app, type, query.locale, false);
  const row = await singleRow(app.database.db, type, locale);
  if (!row || (row.published_at === null && query.publication === 'live')) {
    throw new ApiError('MethodNotFound', `${type.name} is not set`);
  }
  return present(type, row, query.populate, query.fields);
}

/** `PUT /cms/{type}` of a single type: updates the locale's entry, or creates it. */
export async function putSingle(
  app: AppContext,
  type: ContentType,
  body: Record<string, unknown>,
  queryLocale: string | null,
  hook: ChangeHook = noChangeHook,
): Promise<ContentEntry> {
  const locale = await resolveLocale(app, type, queryLocale, false);
  const row = await singleRow(app.database.db, type, locale);
  return row
    ? updateEntry(app, type, row.id, body, hook)
    : createEntry(app, type, body, locale, hook);
}

/** `DELETE /cms/{type}` of a single type. */
export async function deleteSingle(
  app: AppContext,
  type: ContentType,
  queryLocale: string | null,
  hook: ChangeHook = noChangeHook,
): Promise<ContentEntry> {
  const locale = await resolveLocale(app, type, queryLocale, false);
  const row = await singleRow(app.database.db, type, locale);
  if (!row) throw new ApiError('MethodNotFound', `${type.name} is not set`);
  return deleteEntry(app, type, row.id, hook);
}

/**
 * Draft and publish (Strapi's `publishedAt` in a create or update body): `null` makes the entry a
 * draft (or takes it off the site), `true` or a date publishes it (a date is kept as given),
 * absent leaves it as it is (a new entry is published at once).
 */
function publicationDate(value: unknown, now: Date): Date | 'draft' | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'draft';
  if (value === true) return now;
  const date = typeof value === 'string' ? contentDate(value) : null;
  if (date) return date;
  throw new ApiError('InvalidParameter', 'publishedAt is null, true or a date of years 1 to 9999', {
    invalidParameters: { publishedAt: ['wrong_field'] },
  });
}

/**
 * Writes take a `hook` (lib/change-hook.ts) that runs in the write's transaction with the entry
 * before and after, as answered: the back office's writes pass the one that records the audit
 * row (staff-door.ts), so the change and its row commit together or not at all.
 */

/** Create: the locale comes from `?locale=`, else `data.locale`, else the default one. */
export async function createEntry(
  app: AppContext,
  type: ContentType,
  body: Record<string, unknown>,
  queryLocale: string | null,
  hook: ChangeHook = noChangeHook,
): Promise<ContentEntry> {
  const { locale: bodyLocale, publishedAt: publication, ...attributes } = body;
  if (bodyLocale !== undefined && typeof bodyLocale !== 'string') {
    throw new ApiError('InvalidParameter', 'locale must be a locale code', {
      invalidParameters: { locale: ['wrong_field'] },
    });
  }
  const locale = await resolveLocale(app, type, queryLocale ?? bodyLocale ?? null, false);
  const data = checkAttributes(type, attributes);
  const now = app.now();
  const publishedAt = publicationDate(publication, now) ?? now;
  return app.database.db.transaction(async (tx) => {
    if (type.single) await assertNoSingle(tx, type, locale);
    await assertUnique(tx, type, locale, data, null);
    const [created] = await tx
      .insert(cmsEntries)
      .values({
        type: type.name,
        locale,
        data,
        createdAt: now,
        updatedAt: now,
        publishedAt: publishedAt === 'draft' ? null : publishedAt,
      })
      .returning();
    const entry = present(
      type,
      {
        id: created!.id,
        document_id: created!.documentId,
        locale: created!.locale,
        data: created!.data,
        created_at: created!.createdAt,
        updated_at: created!.updatedAt,
        published_at: created!.publishedAt,
      },
      '*',
      null,
    );
    await hook(tx, { subjectId: entry.id, before: null, after: entry });
    return entry;
  });
}

/** Update: the given attributes replace theirs; the others stay (an entry keeps its locale). */
export async function updateEntry(
  app: AppContext,
  type: ContentType,
  id: EntryRef,
  body: Record<string, unknown>,
  hook: ChangeHook = noChangeHook,
): Promise<ContentEntry> {
  const { locale: _ignored, publishedAt: publication, ...attributes } = body;
  const now = app.now();
  const change = publicationDate(publication, now);
  return app.database.db.transaction(async (tx) => {
    const row = await entryRow(tx, type, id);
    if (!row) throw notFound(type, id);
    const data = checkAttributes(type, { ...row.data, ...attributes });
    await assertUnique(tx, type, row.locale, data, row.id);
    const publishedAt =
      change === undefined
        ? row.published_at === null
          ? null
          : new Date(row.published_at)
        : change === 'draft'
          ? null
          : change;
    await tx.execute(sql`
      update "cms_entries" set "data" = ${JSON.stringify(data)}::jsonb,
        "updated_at" = ${now.toISOString()}::timestamptz,
        "published_at" = ${publishedAt === null ? null : publishedAt.toISOString()}::timestamptz
      where "id" = ${row.id}`);
    const entry = present(
      type,
      { ...row, data, updated_at: now, published_at: publishedAt },
      '*',
      null,
    );
    await hook(tx, { subjectId: row.id, before: present(type, row, '*', null), after: entry });
    return entry;
  });
}

export async function deleteEntry(
  app: AppContext,
  type: ContentType,
  id: EntryRef,
  hook: ChangeHook = noChangeHook,
): Promise<ContentEntry> {
  return app.database.db.transaction(async (tx) => {
    const row = await entryRow(tx, type, id);
    if (!row) throw notFound(type, id);
    await tx.execute(sql`delete from "cms_entries" where "id" = ${row.id}`);
    const entry = present(type, row, '*', null);
    await hook(tx, { subjectId: row.id, before: entry, after: null });
    return entry;
  });
}

/** Every entry of a type in a locale, by `order` then id (for cms-config and the SEO head). */
export async function entriesOf(
  app: AppContext,
  typeName: string,
  locale: string | null,
): Promise<Record<string, unknown>[]> {
  const rows = await app.database.query<EntryRow>(sql`
    select "id", "document_id", "locale", "data", "created_at", "updated_at", "published_at"
    from "cms_entries"
    where "type" = ${typeName} and "locale" is not distinct from ${locale}::text
      and "published_at" is not null
    order by ("data" -> 'order') asc nulls last, "id" asc
    limit 500`);
  return rows.map((row) => ({ id: row.id, ...row.data }));
}
