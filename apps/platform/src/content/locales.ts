import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError } from '@northstar/errors';
import { DEFAULT_LOCALE } from '@northstar/i18n/locales';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { locales } from './schema.ts';
import { parseBody } from './request.ts';
import { auditHook, contentEditor } from './staff-door.ts';
import { siteLocales } from './store.ts';

/**
 * The site's locales in the content backend, as Strapi's i18n plugin has them
 * (`/cms/i18n/locales`): the list is public; content editors add, rename and withdraw locales
 * (staff-door.ts: the back-office session, the marker, one audit row per change). The shell
 * offers exactly this list (`/nfx/i18n/locales`), limited to the locales it has texts for.
 *
 * Entries are addressed by their code (`/cms/i18n/locales/es-ES`): the code is the key here.
 * The default locale cannot be changed or withdrawn: it is the site's unprefixed URL space
 * (§1, §2), fixed in `@northstar/i18n` and in every link already out there.
 */
const code = v.pipe(
  v.string('wrong_field'),
  v.regex(/^[a-z]{2,3}(-[A-Z][a-zA-Z]{1,3})?$/, 'wrong_field'),
);
const name = v.pipe(
  v.string('wrong_field'),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(60, 'max_length'),
);
const createBody = v.strictObject(
  { code, name, isDefault: v.optional(v.literal(false, 'wrong_field')) },
  'unknown_parameter',
);
const updateBody = v.strictObject({ name }, 'unknown_parameter');

const view = (row: typeof locales.$inferSelect) => ({
  id: row.code,
  code: row.code,
  name: row.name,
  isDefault: row.isDefault,
});

async function existing(app: AppContext, request: FastifyRequest<{ Params: { code: string } }>) {
  const [row] = await app.database.db
    .select()
    .from(locales)
    .where(eq(locales.code, request.params.code));
  if (!row) throw new ApiError('MethodNotFound', `No locale ${request.params.code}`);
  return row;
}

export function registerLocaleRoutes(server: FastifyInstance, app: AppContext): void {
  server.get('/cms/i18n/locales', async () => (await siteLocales(app)).rows.map(view));

  const writer = async (request: FastifyRequest) =>
    auditHook(app, await contentEditor(app, request, { write: true }), 'locales');

  server.post('/cms/i18n/locales', async (request, reply) => {
    const hook = await writer(request);
    const body = parseBody(createBody, request.body);
    const created = await app.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(locales)
        .values({ code: body.code, name: body.name, isDefault: false })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new ApiError('InvalidParameter', 'This locale exists already', {
          invalidParameters: { code: ['already_exists'] },
        });
      }
      await hook(tx, { subjectId: row.code, before: null, after: view(row) });
      return row;
    });
    return reply.code(201).send(view(created));
  });

  server.put<{ Params: { code: string } }>('/cms/i18n/locales/:code', async (request) => {
    const hook = await writer(request);
    const row = await existing(app, request);
    const body = parseBody(updateBody, request.body);
    return app.database.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(locales)
        .set({ name: body.name })
        .where(eq(locales.code, row.code))
        .returning();
      await hook(tx, { subjectId: row.code, before: view(row), after: view(updated!) });
      return view(updated!);
    });
  });

  server.delete<{ Params: { code: string } }>('/cms/i18n/locales/:code', async (request) => {
    const hook = await writer(request);
    const row = await existing(app, request);
    if (row.isDefault || row.code === DEFAULT_LOCALE) {
      throw new ApiError('InvalidParameter', 'The default locale cannot be withdrawn', {
        invalidParameters: { code: ['default_locale'] },
      });
    }
    await app.database.db.transaction(async (tx) => {
      await tx.delete(locales).where(eq(locales.code, row.code));
      await hook(tx, { subjectId: row.code, before: view(row), after: null });
    });
    return view(row);
  });
}

/** Adds a site locale that does not exist yet (the seed); one that exists stays as it is. */
export async function ensureLocale(db: Executor, locale: typeof locales.$inferInsert) {
  await db.insert(locales).values(locale).onConflictDoNothing();
}
