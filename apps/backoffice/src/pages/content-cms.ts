import type { BaseRecord, DataProvider, GetListResponse } from '@refinedev/core';
import { ApiError } from '../api.ts';

/**
 * The back office's door to the content backend (`/cms`, Strapi-style REST), as Refine's `cms`
 * data provider: the same origin, so the back-office session cookie goes along; the marker header
 * on every change (the platform refuses a change without it); Strapi's failures (`error.details`
 * holds our §8 error) turned into `ApiError`, so forms show field messages as everywhere else.
 * Editors read drafts too (`publicationState=preview`): the back office edits drafts.
 */

/** A content type's field as `/cms/content-type-builder/content-types` describes it. */
export interface Attribute {
  type: 'string' | 'text' | 'integer' | 'boolean' | 'enumeration' | 'media' | 'json';
  required?: boolean;
  nullable?: boolean;
  maxLength?: number;
  regex?: string;
  enum?: (string | number)[];
}

export interface ContentTypeInfo {
  apiID: string;
  schema: {
    displayName: string;
    kind: 'collectionType' | 'singleType';
    mainField: string | null;
    /** Every relation's path to its deepest level: an entry is read whole before it is edited. */
    populate: string[];
    pluginOptions: { i18n: { localized: boolean } };
    attributes: Record<string, Attribute>;
  };
}

/** An entry as the content backend answers it. */
export interface Entry extends BaseRecord {
  id: number;
  documentId: string;
  publishedAt: string | null;
  updatedAt: string;
  locale?: string;
  [attribute: string]: unknown;
}

export interface Media {
  url: string;
  width?: number | null;
  height?: number | null;
}

/** Attributes an entry's columns own: never edited as attributes. */
export const RESERVED = new Set([
  'id',
  'documentId',
  'locale',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'localizations',
]);

export const TYPES_URL = '/cms/content-type-builder/content-types';
export const LOCALES_URL = '/cms/i18n/locales';

/** One call to `/cms`: the answer's body, or an `ApiError`. */
export async function cmsFetch<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-App-Client'] = 'web/2.34';
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined && method !== 'GET' && method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const answer = (await response.json().catch(() => null)) as {
    error?: { details?: unknown };
  } | null;
  if (!response.ok) {
    throw ApiError.fromResponse(response.status, {
      error: answer?.error?.details ?? answer?.error,
    });
  }
  return answer as T;
}

/** `/cms/{type}` (a single type's entry, or a new entry) or `/cms/{type}/{id}`, in a locale. */
export function entryUrl(type: string, id: number | null, locale: string | null): string {
  const path = id === null ? `/cms/${type}` : `/cms/${type}/${id}`;
  return locale ? `${path}?locale=${encodeURIComponent(locale)}` : path;
}

const query = (params: Record<string, string | null | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((pair): pair is [string, string] => Boolean(pair[1])),
  ).toString();

const refused = () => {
  throw new Error('Content changes are custom calls (the entry’s /cms url)');
};

export const cmsDataProvider: DataProvider = {
  getApiUrl: () => '/cms',

  /** A type's entries, drafts too, newest first; `meta.locale` picks the locale. */
  async getList({ resource, pagination, meta }) {
    const size = pagination?.pageSize ?? 25;
    const answer = await cmsFetch<{ data: Entry[]; meta: { pagination: { total?: number } } }>(
      'GET',
      `/cms/${resource}?${query({
        publicationState: 'preview',
        sort: 'id:desc',
        'pagination[page]': String(pagination?.currentPage ?? 1),
        'pagination[pageSize]': String(size),
        locale: meta?.locale as string | undefined,
      })}`,
    );
    return {
      data: answer.data,
      total: answer.meta.pagination.total ?? answer.data.length,
    } as GetListResponse<never>;
  },

  /**
   * One entry with all its relations (`meta.populate`; a single type's: `meta.single`), draft or
   * published.
   */
  async getOne({ resource, id, meta }) {
    const path = meta?.single ? `/cms/${resource}` : `/cms/${resource}/${id}`;
    const answer = await cmsFetch<{ data: Entry }>(
      'GET',
      `${path}?${query({
        publicationState: 'preview',
        populate: meta?.populate as string | undefined,
        locale: meta?.single ? (meta.locale as string | undefined) : undefined,
      })}`,
    );
    return { data: answer.data as never };
  },

  create: refused,
  update: refused,
  deleteOne: refused,

  /** A read (`get`) or a change of `url`; `payload` is the body (`{ data }`, FormData). */
  async custom({ url, method, payload }) {
    return { data: await cmsFetch<never>(method.toUpperCase(), url, payload) };
  },
};
