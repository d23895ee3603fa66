import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { registerContentAuth } from './auth.ts';
import { cmsConfig } from './cms-config.ts';
import { contentCacheOf, startContentCache } from './content-cache.ts';
import { localeMessages } from './i18n.ts';
import { registerLocaleRoutes } from './locales.ts';
import { registerContentTypeRoutes } from './fields.ts';
import { parseContentQuery } from './query.ts';
import { registerRedirectRoutes } from './redirects.ts';
import { entryRef, rawQuery } from './request.ts';
import { registerContentSocial } from './social.ts';
import { auditHook, contentEditor } from './staff-door.ts';
import {
  createEntry,
  deleteEntry,
  deleteSingle,
  findEntries,
  findEntry,
  findSingle,
  putSingle,
  siteLocales,
  updateEntry,
} from './store.ts';
import { CONTENT_TYPES, type ContentType } from './types.ts';
import { registerUploads } from './upload.ts';

/**
 * The content backend under `/cms` (Strapi-style REST, §7) and the `/nfx` endpoints built on it.
 * Reads are public; drafts and writes need the back-office session of a content editor
 * (staff-door.ts: role `content` or `admin`, the marker header on writes, one audit row each).
 * Answers are `{ data, meta }`; failures the §8 body, through the server's error handler.
 */
export async function registerContent(server: FastifyInstance, app: AppContext): Promise<void> {
  await startContentCache(server, app);
  registerContentAuth(server, app);
  registerLocaleRoutes(server, app);
  registerContentSocial(server, app);
  registerContentTypeRoutes(server, app);

  /** A read's query; drafts (`publicationState=preview`, `status=draft`) are for editors only. */
  const readQuery = async (request: FastifyRequest, type: ContentType) => {
    const query = parseContentQuery(rawQuery(request), type.relations);
    if (query.publication === 'preview') await contentEditor(app, request, { write: false });
    return query;
  };
  /** A write's editor and the hook that audits it on the type's records. */
  const writer = async (request: FastifyRequest, typeName: string) =>
    auditHook(app, await contentEditor(app, request, { write: true }), typeName);

  server.get<{ Params: { type: string } }>('/cms/:type', async (request, reply) => {
    const type = contentType(request.params.type);
    const query = await readQuery(request, type);
    reply.header('cache-control', 'no-store');
    if (type.single) return { data: await findSingle(app, type, query), meta: {} };
    return findEntries(app, type, query);
  });

  // Single types (site config, web and support settings): written without an id.
  server.put<{ Params: { type: string } }>('/cms/:type', async (request) => {
    const hook = await writer(request, request.params.type);
    const type = singleType(request.params.type);
    const query = parseContentQuery(rawQuery(request), type.relations);
    return { data: await putSingle(app, type, bodyData(request), query.locale, hook), meta: {} };
  });

  server.delete<{ Params: { type: string } }>('/cms/:type', async (request) => {
    const hook = await writer(request, request.params.type);
    const type = singleType(request.params.type);
    const query = parseContentQuery(rawQuery(request), type.relations);
    return { data: await deleteSingle(app, type, query.locale, hook), meta: {} };
  });

  server.get<{ Params: { type: string; id: string } }>('/cms/:type/:id', async (request) => {
    const type = contentType(request.params.type);
    const id = entryRef(request.params.id);
    const query = await readQuery(request, type);
    return { data: await findEntry(app, type, id, query), meta: {} };
  });

  server.post<{ Params: { type: string } }>('/cms/:type', async (request, reply) => {
    const hook = await writer(request, request.params.type);
    const type = contentType(request.params.type);
    const query = parseContentQuery(rawQuery(request), type.relations);
    const data = await createEntry(app, type, bodyData(request), query.locale, hook);
    return reply.code(201).send({ data, meta: {} });
  });

  server.put<{ Params: { type: string; id: string } }>('/cms/:type/:id', async (request) => {
    const hook = await writer(request, request.params.type);
    const type = contentType(request.params.type);
    const id = entryRef(request.params.id);
    return { data: await updateEntry(app, type, id, bodyData(request), hook), meta: {} };
  });

  server.delete<{ Params: { type: string; id: string } }>('/cms/:type/:id', async (request) => {
    const hook = await writer(request, request.params.type);
    const type = contentType(request.params.type);
    return { data: await deleteEntry(app, type, entryRef(request.params.id), hook), meta: {} };
  });

  // Media uploads (`/cms/upload…`, `/uploads/<key>`): before the catch-all below.
  registerUploads(server, app);

  const unknownPath = (request: FastifyRequest) => {
    throw new ApiError('MethodNotFound', `Nothing at ${request.url.split('?')[0]}`);
  };
  server.all('/cms', unknownPath);
  server.all('/cms/*', unknownPath);

  server.get('/nfx/i18n/locales', async () => {
    const { rows, defaultLocale } = await siteLocales(app);
    return {
      locales: rows.map((row) => ({ code: row.code, name: row.name, isDefault: row.isDefault })),
      defaultLocale,
    };
  });

  server.get<{ Params: { locale: string }; Querystring: Record<string, unknown> }>(
    '/nfx/i18n/messages/:locale',
    async (request) =>
      localeMessages(app, await knownLocale(app, request.params.locale), {
        overridesOnly: request.query.overrides === '1',
        compiled: request.query.compiled === '1',
      }),
  );

  // The locale check is cached with the answer (a withdrawn locale notifies like any content); a
  // locale that is not the site's is refused each time and never cached, so callers cannot fill
  // the cache with made-up keys.
  server.get<{ Params: { locale: string } }>('/nfx/cms-config/:locale', async (request) => {
    const { locale } = request.params;
    const load = async () => cmsConfig(app, await knownLocale(app, locale));
    const cache = contentCacheOf(app);
    return cache ? cache.get(`nfx-cms-config:${locale}`, load) : load();
  });

  registerRedirectRoutes(server, app);

  server.all('/nfx', unknownPath);
  server.all('/nfx/*', unknownPath);
}

function contentType(name: string): ContentType {
  const type = CONTENT_TYPES.get(name);
  if (!type) throw new ApiError('MethodNotFound', `No content type ${name}`);
  return type;
}

function singleType(name: string): ContentType {
  const type = contentType(name);
  if (!type.single) {
    throw new ApiError('MethodNotFound', `${name} is a collection: name the entry's id`);
  }
  return type;
}

/** Create and update bodies are JSON `{ "data": { …attributes } }`. */
function bodyData(request: FastifyRequest): Record<string, unknown> {
  const body = request.body as { data?: unknown } | null | undefined;
  const data = body && typeof body === 'object' && !Array.isArray(body) ? body.data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ApiError('InvalidParameter', 'The body must be { "data": { … } }', {
      invalidParameters: { data: ['required'] },
    });
  }
  return data as Record<string, unknown>;
}

async function knownLocale(app: AppContext, locale: string): Promise<string> {
  const { rows } = await siteLocales(app);
  if (!rows.some((row) => row.code === locale)) {
    throw new ApiError('MethodNotFound', `No locale ${locale}`);
  }
  return locale;
}
