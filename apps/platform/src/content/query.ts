import qs from 'qs';
import { sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { RelationTree } from './types.ts';
import { isRecord } from '../lib/input.ts';

/**
 * The content backend's query language (Strapi's REST parameters, §7 "bracket-style arrays in
 * queries"): `filters`, `populate`, `sort`, `fields`, `locale` and `pagination`, parsed with `qs`
 * and turned into SQL over the `cms_entries.data` jsonb. Every malformed part is an
 * InvalidParameter naming the parameter (`filters[url][$foo]`), never a 500.
 */

/** `*`: every relation of the level; a map: the named ones (null = no deeper ones). */
export type Populate = '*' | { [attribute: string]: Populate | null };

export type Pagination =
  | { mode: 'page'; page: number; pageSize: number; withCount: boolean }
  | { mode: 'offset'; start: number; limit: number; withCount: boolean };

export interface ContentQuery {
  where: SQL | null;
  orderBy: SQL[];
  fields: string[] | null;
  populate: Populate | null;
  /** A locale code, `all`, or null for the default one. */
  locale: string | null;
  pagination: Pagination;
  /** `live`: published entries only (the default); `preview`: drafts too (staff only). */
  publication: 'live' | 'preview';
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
const KNOWN_KEYS = new Set([
  'filters',
  'populate',
  'sort',
  'fields',
  'locale',
  'pagination',
  // Drafts: Strapi 4's `publicationState=live|preview`, Strapi 5's `status=published|draft`.
  'status',
  'publicationState',
]);
const ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function invalid(parameter: string, code = 'wrong_field'): ApiError {
  return new ApiError('InvalidParameter', `Invalid query parameter ${parameter}`, {
    invalidParameters: { [parameter]: [code] },
  });
}

/** qs turns long lists into objects with numeric keys: both are lists here. */
function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  return null;
}

/** Parses the raw query string of a content request. */
export function parseContentQuery(rawQuery: string, relations: RelationTree): ContentQuery {
  let parsed: qs.ParsedQs;
  try {
    parsed = qs.parse(rawQuery, {
      depth: 8,
      arrayLimit: 100,
      parameterLimit: 500,
      allowPrototypes: false,
      // Deeper nesting is refused (an error), not folded into a literal key.
      strictDepth: true,
    });
  } catch {
    throw invalid('query');
  }
  for (const key of Object.keys(parsed)) if (!KNOWN_KEYS.has(key)) throw invalid(key);
  return {
    where: parsed.filters === undefined ? null : filterCondition(parsed.filters, [], 'filters'),
    orderBy: parseSort(parsed.sort),
    fields: parseFields(parsed.fields),
    populate: parsePopulate(parsed.populate, relations, 'populate'),
    locale: parseLocale(parsed.locale),
    pagination: parsePagination(parsed.pagination),
    publication: parsePublication(parsed.publicationState, parsed.status),
  };
}

function parsePublication(state: unknown, status: unknown): 'live' | 'preview' {
  if (state !== undefined && state !== 'live' && state !== 'preview')
    throw invalid('publicationState');
  if (status !== undefined && status !== 'published' && status !== 'draft') throw invalid('status');
  return state === 'preview' || status === 'draft' ? 'preview' : 'live';
}

function parseLocale(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^([a-z]{2}(-[A-Z]{2})?|all)$/.test(value))
    throw invalid('locale');
  return value;
}

// --- filters ----------------------------------------------------------------------------------

/** Columns of the entry that filters and sort reach by their answer names. */
type Column = 'id' | 'documentId' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'locale';
const COLUMNS: Record<Column, SQL> = {
  id: sql.raw('"id"'),
  // Strapi 5 clients find entries by documentId (`filters[documentId][$in]=…`).
  documentId: sql.raw('"document_id"'),
  createdAt: sql.raw('"created_at"'),
  updatedAt: sql.raw('"updated_at"'),
  publishedAt: sql.raw('"published_at"'),
  locale: sql.raw('"locale"'),
};

const DATE_COLUMNS = new Set<Column>(['createdAt', 'updatedAt', 'publishedAt']);

interface Target {
  /** The value as jsonb (attributes) or the column itself. */
  json: SQL;
  /** The value as text. */
  text: SQL;
  column: Column | null;
}

function target(path: string[]): Target {
  const column = path.length === 1 && path[0]! in COLUMNS ? (path[0] as Column) : null;
  if (column) {
    const ref = COLUMNS[column];
    // PostgreSQL keeps microseconds; answers show milliseconds. A filter compares the instant the
    // answer shows, so `$eq` with an entry's own `createdAt` finds it on PostgreSQL as on PGlite.
    const json = DATE_COLUMNS.has(column) ? sql`date_trunc('milliseconds', ${ref})` : ref;
    return { json, text: sql`(${ref})::text`, column };
  }
  // Safe to inline: every segment matched ATTRIBUTE.
  const literal = `'{${path.join(',')}}'`;
  return {
    json: sql.raw(`("data" #> ${literal})`),
    text: sql.raw(`("data" #>> ${literal})`),
    column: null,
  };
}

/** The earliest and latest instants a content date may name: years 1 to 9999. */
const FIRST_DATE = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_DATE = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A date of the content backend (filters on `createdAt`, `updatedAt`, `publishedAt`, and the
 * `publishedAt` of a write): anything `Date` reads, from year 1 to 9999, else null. JavaScript
 * reaches ±275760, written `+275760-09-13T…`, which PostgreSQL refuses: a 500 unless caught here.
 */
export function contentDate(value: string): Date | null {
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < FIRST_DATE || time > LAST_DATE) return null;
  return new Date(time);
}

const isDateColumn = (t: Target) => t.column !== null && DATE_COLUMNS.has(t.column);

function scalar(value: unknown, parameter: string): string {
  if (typeof value === 'string') return value;
  throw invalid(parameter);
}

/** The value typed for the target: integers for `id`, timestamps for dates, jsonb otherwise. */
function typedValue(t: Target, value: string, parameter: string): SQL {
  if (t.column === 'id') {
    if (!/^\d{1,9}$/.test(value)) throw invalid(parameter);
    return sql`${Number(value)}::integer`;
  }
  if (isDateColumn(t)) {
    const date = contentDate(value);
    if (!date) throw invalid(parameter);
    return sql`${date.toISOString()}::timestamptz`;
  }
  if (t.column === 'locale' || t.column === 'documentId') return sql`${value}::text`;
  // jsonb orders numbers as numbers, strings as text, and never fails across kinds.
  if (/^-?\d{1,15}(\.\d{1,10})?$/.test(value)) return sql`to_jsonb(${value}::numeric)`;
  if (value === 'true' || value === 'false') return sql`to_jsonb(${value === 'true'})`;
  return sql`to_jsonb(${value}::text)`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function asBoolean(value: unknown, parameter: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(parameter);
}

function operator(path: string[], op: string, value: unknown, parameter: string): SQL {
  if (path.length === 0) throw invalid(parameter);
  const t = target(path);
  const like = (pattern: (v: string) => string, insensitive: boolean, negate = false) => {
    const text = scalar(value, parameter);
    const expr = insensitive
      ? sql`${t.text} ilike ${pattern(escapeLike(text))}`
      : sql`${t.text} like ${pattern(escapeLike(text))}`;
    return negate ? sql`(${t.text} is null or not (${expr}))` : expr;
  };
  const contains = (v: string) => `%${v}%`;
  const starts = (v: string) => `${v}%`;
  const ends = (v: string) => `%${v}`;
  const compare = (symbol: string) =>
    sql`${t.json} ${sql.raw(symbol)} ${typedValue(t, scalar(value, parameter), parameter)}`;
  const list = () => {
    const items = typeof value === 'string' ? [value] : asList(value);
    if (!items || items.length > 100) throw invalid(parameter);
    return items.map((item, i) => scalar(item, `${parameter}[${i}]`));
  };
  // Dates compare as instants (`2026-01-01` is `2026-01-01T00:00:00.000Z`), never as text.
  const dates = isDateColumn(t);
  const typedList = () => list().map((item, i) => typedValue(t, item, `${parameter}[${i}]`));
  switch (op) {
    case '$eq':
      if (dates) return compare('=');
      return sql`${t.text} = ${scalar(value, parameter)}`;
    case '$eqi':
      return sql`lower(${t.text}) = lower(${scalar(value, parameter)})`;
    case '$ne':
      if (dates) return compare('is distinct from');
      return sql`${t.text} is distinct from ${scalar(value, parameter)}`;
    case '$nei':
      return sql`lower(${t.text}) is distinct from lower(${scalar(value, parameter)})`;
    case '$in': {
      if (dates) {
        const instants = typedList();
        return instants.length === 0
          ? sql`false`
          : sql`${t.json} in (${sql.join(instants, sql`, `)})`;
      }
      const items = list();
      if (items.length === 0) return sql`false`;
      return sql`${t.text} in (${sql.join(
        items.map((item) => sql`${item}`),
        sql`, `,
      )})`;
    }
    case '$notIn': {
      if (dates) {
        const instants = typedList();
        if (instants.length === 0) return sql`true`;
        return sql`(${t.json} is null or ${t.json} not in (${sql.join(instants, sql`, `)}))`;
      }
      const items = list();
      if (items.length === 0) return sql`true`;
      return sql`(${t.text} is null or ${t.text} not in (${sql.join(
        items.map((item) => sql`${item}`),
        sql`, `,
      )}))`;
    }
    case '$lt':
      return compare('<');
    case '$lte':
      return compare('<=');
    case '$gt':
      return compare('>');
    case '$gte':
      return compare('>=');
    case '$between': {
      const items = list();
      if (items.length !== 2) throw invalid(parameter);
      return sql`(${t.json} >= ${typedValue(t, items[0]!, parameter)} and ${t.json} <= ${typedValue(t, items[1]!, parameter)})`;
    }
    case '$contains':
      return like(contains, false);
    case '$notContains':
      return like(contains, false, true);
    case '$containsi':
      return like(contains, true);
    case '$notContainsi':
      return like(contains, true, true);
    case '$startsWith':
      return like(starts, false);
    case '$startsWithi':
      return like(starts, true);
    case '$endsWith':
      return like(ends, false);
    case '$endsWithi':
      return like(ends, true);
    case '$null':
      return asBoolean(value, parameter) ? sql`${t.text} is null` : sql`${t.text} is not null`;
    case '$notNull':
      return asBoolean(value, parameter) ? sql`${t.text} is not null` : sql`${t.text} is null`;
    default:
      throw invalid(parameter);
  }
}

function filterCondition(node: unknown, path: string[], parameter: string): SQL {
  // `filters[url]=/x` is `filters[url][$eq]=/x`.
  if (typeof node === 'string') return operator(path, '$eq', node, parameter);
  if (!isRecord(node)) throw invalid(parameter);
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(node)) {
    const here = `${parameter}[${key}]`;
    if (key === '$and' || key === '$or') {
      const items = asList(value);
      if (!items || items.length === 0) throw invalid(here);
      const conditions = items.map((item, i) => filterCondition(item, path, `${here}[${i}]`));
      parts.push(sql`(${sql.join(conditions, sql.raw(key === '$and' ? ' and ' : ' or '))})`);
    } else if (key === '$not') {
      parts.push(sql`not coalesce(${filterCondition(value, path, here)}, false)`);
    } else if (key.startsWith('$')) {
      parts.push(operator(path, key, value, here));
    } else {
      if (!ATTRIBUTE.test(key) || path.length >= 6) throw invalid(here);
      parts.push(filterCondition(value, [...path, key], here));
    }
  }
  if (parts.length === 0) return sql`true`;
  return sql`(${sql.join(parts, sql.raw(' and '))})`;
}

// --- sort, fields, populate, pagination ----------------------------------------------------------

function stringList(value: unknown, parameter: string): string[] {
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  const items = asList(value);
  if (!items) throw invalid(parameter);
  return items.flatMap((item, i) => stringList(scalar(item, `${parameter}[${i}]`), parameter));
}

function attributePath(value: string, parameter: string): string[] {
  const path = value.split('.');
  if (path.length > 6 || !path.every((segment) => ATTRIBUTE.test(segment)))
    throw invalid(parameter);
  return path;
}

function parseSort(value: unknown): SQL[] {
  if (value === undefined) return [sql.raw('"id" asc')];
  let entries: [string, string][];
  if (isRecord(value) && asList(value) === null) {
    // `sort[title]=desc`
    entries = Object.entries(value).map(([field, direction]) => [
      field,
      scalar(direction, `sort[${field}]`),
    ]);
  } else {
    entries = stringList(value, 'sort').map((item) => {
      const [field = '', direction = 'asc'] = item.split(':');
      return [field, direction];
    });
  }
  if (entries.length > 10) throw invalid('sort');
  const order = entries.map(([field, direction]) => {
    const dir = direction.toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw invalid('sort');
    const t = target(attributePath(field, 'sort'));
    return sql`${t.json} ${sql.raw(dir === 'asc' ? 'asc nulls last' : 'desc nulls last')}`;
  });
  return [...order, sql.raw('"id" asc')];
}

function parseFields(value: unknown): string[] | null {
  if (value === undefined) return null;
  const fields = stringList(value, 'fields');
  if (fields.length > 100 || !fields.every((field) => ATTRIBUTE.test(field)))
    throw invalid('fields');
  return fields;
}

function parsePopulate(
  value: unknown,
  relations: RelationTree,
  parameter: string,
): Populate | null {
  if (value === undefined) return null;
  if (value === '*' || value === 'true') return '*';
  const result: { [attribute: string]: Populate | null } = {};
  const add = (path: string[]) => {
    let level = result;
    let tree = relations;
    for (const segment of path) {
      const next = tree[segment];
      if (!next) throw invalid(parameter, 'unknown_relation');
      const existing = level[segment];
      if (existing === '*') return;
      level[segment] = existing ?? {};
      level = level[segment] as { [attribute: string]: Populate | null };
      tree = next;
    }
  };
  if (typeof value === 'string' || asList(value)) {
    for (const item of stringList(value, parameter)) {
      if (item === '*') return '*';
      add(attributePath(item, parameter));
    }
    return simplify(result);
  }
  if (!isRecord(value)) throw invalid(parameter);
  // `populate[seo][populate][openGraph]=true`, `populate[seo]=*`, `populate[seo][fields]=…`
  for (const [attribute, spec] of Object.entries(value)) {
    const here = `${parameter}[${attribute}]`;
    const tree = relations[attribute];
    if (!tree) throw invalid(here, 'unknown_relation');
    if (spec === '*') result[attribute] = '*';
    else if (spec === 'true' || spec === '') result[attribute] = null;
    else if (isRecord(spec)) {
      for (const key of Object.keys(spec)) {
        if (!['populate', 'fields', 'filters', 'sort', 'on'].includes(key))
          throw invalid(`${here}[${key}]`);
      }
      result[attribute] =
        spec.populate === undefined
          ? null
          : parsePopulate(spec.populate, tree, `${here}[populate]`);
    } else throw invalid(here);
  }
  return result;
}

/** `{}` left by a dotted path is "this one, nothing deeper". */
function simplify(populate: { [attribute: string]: Populate | null }): Populate {
  const out: { [attribute: string]: Populate | null } = {};
  for (const [key, value] of Object.entries(populate)) {
    out[key] =
      value === null || value === '*'
        ? value
        : Object.keys(value).length === 0
          ? null
          : simplify(value);
  }
  return out;
}

function integerParam(value: unknown, parameter: string, min: number, max: number): number {
  const text = scalar(value, parameter);
  if (!/^-?\d{1,9}$/.test(text)) throw invalid(parameter);
  const number = Number(text);
  if (number < min || number > max)
    throw invalid(parameter, number < min ? 'min_value' : 'max_value');
  return number;
}

function parsePagination(value: unknown): Pagination {
  if (value === undefined) {
    return { mode: 'page', page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
  }
  if (!isRecord(value)) throw invalid('pagination');
  for (const key of Object.keys(value)) {
    if (!['page', 'pageSize', 'start', 'limit', 'withCount'].includes(key))
      throw invalid(`pagination[${key}]`);
  }
  const withCount =
    value.withCount === undefined ? true : asBoolean(value.withCount, 'pagination[withCount]');
  const byPage = value.page !== undefined || value.pageSize !== undefined;
  const byOffset = value.start !== undefined || value.limit !== undefined;
  if (byPage && byOffset) throw invalid('pagination');
  if (byOffset) {
    const start =
      value.start === undefined ? 0 : integerParam(value.start, 'pagination[start]', 0, 1e9);
    // `limit=-1` asks for everything: capped at the maximum page size, as Strapi does.
    const limit =
      value.limit === undefined
        ? DEFAULT_PAGE_SIZE
        : integerParam(value.limit, 'pagination[limit]', -1, MAX_PAGE_SIZE);
    if (limit === 0) throw invalid('pagination[limit]', 'min_value');
    return { mode: 'offset', start, limit: limit === -1 ? MAX_PAGE_SIZE : limit, withCount };
  }
  return {
    mode: 'page',
    page: value.page === undefined ? 1 : integerParam(value.page, 'pagination[page]', 1, 1e6),
    pageSize:
      value.pageSize === undefined
        ? DEFAULT_PAGE_SIZE
        : integerParam(value.pageSize, 'pagination[pageSize]', 1, MAX_PAGE_SIZE),
    withCount,
  };
}

// --- shaping answers --------------------------------------------------------------------------

/**
 * Leaves out relations that were not populated, at every level, and keeps only the asked
 * `fields` of the first level (relations are governed by populate alone).
 */
export function shapeAttributes(
  data: Record<string, unknown>,
  relations: RelationTree,
  populate: Populate | null,
  fields: string[] | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const tree = relations[key];
    if (tree) {
      const chosen = populate === '*' ? null : populate?.[key];
      if (chosen === undefined) continue;
      out[key] = shapeValue(value, tree, chosen);
    } else if (!fields || fields.includes(key)) {
      out[key] = value;
    }
  }
  return out;
}

function shapeValue(value: unknown, tree: RelationTree, populate: Populate | null): unknown {
  if (Array.isArray(value)) return value.map((item) => shapeValue(item, tree, populate));
  if (isRecord(value)) return shapeAttributes(value, tree, populate, null);
  return value;
}
