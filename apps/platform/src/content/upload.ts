import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { invalidParameters } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { cmsEntries } from './schema.ts';
import type { ChangeHook } from '../lib/change-hook.ts';
import { parseContentQuery } from './query.ts';
import { entryRef, rawQuery } from './request.ts';
import { findEntries, findEntry, type ContentEntry, type EntryRef } from './store.ts';
import type { ContentType } from './types.ts';
import { isUploadForm, readUploadForm, type UploadForm } from './upload-form.ts';
import { sniffMedia } from './upload-sniff.ts';
import { auditHook, contentEditor } from './staff-door.ts';
import {
  MEDIA_MIME,
  mediaKey,
  mediaStoreFor,
  parseMediaKey,
  type MediaExtension,
  type MediaStore,
} from '../providers/media/index.ts';

/**
 * Media uploads of the content backend, in the shape of Strapi's upload plugin (§7 "Content
 * backend"): `POST /cms/upload` (multipart, field `files`) answers Strapi file objects;
 * `GET /cms/upload/files[/:id]` lists and reads them; `DELETE /cms/upload/files/:id` removes one.
 * All four are for content editors only (staff-door.ts: the back-office session, the marker on
 * writes, an audit row for each upload, info change and removal): the library (every file, its
 * name and caption) is the operator's.
 * The files themselves are public, at `/uploads/<sha256>.<ext>` with a year of immutable caching: the URL is the content's hash, so it never changes meaning. Those URLs are what
 * content media fields (`{ url }`) hold, and what `/_ipx` (§7 images) takes as its source.
 *
 * Records live in `cms_entries` under the type `upload-files`, which is not a public content
 * type (`/cms/upload-files` is a 404), so no migration was needed.
 */
export const UPLOAD_TYPE: ContentType = {
  name: 'upload-files',
  localized: false,
  schema: v.looseObject({}),
  relations: {},
};

/** Served with every upload: cached for good, never sniffed, never a live document. */
const SERVED_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // An svg opened as a page may not run script or load anything on the site's origin; harmless
  // for raster images, so every upload gets it.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/**
 * A Strapi file object (the attributes kept in `cms_entries.data`). Strapi's `previewUrl`,
 * `provider_metadata` and `folderPath` are left out: nothing here fills them, and the object
 * stays one that `/nfx/cms-config` recognises as media and flattens to its url (§3).
 */
interface FileAttributes {
  name: string;
  alternativeText: string | null;
  caption: string | null;
  width: number | null;
  height: number | null;
  /** Strapi's resized variants: none are made here, `/_ipx` resizes on request (§7). */
  formats: null;
  /** The sha256 of the bytes (hex): with `ext`, the stored file's name. */
  hash: string;
  /** With its dot, as Strapi has it: `.png`. */
  ext: string;
  mime: string;
  /** Kilobytes with two decimals, as Strapi has it. */
  size: number;
  url: string;
  provider: string;
}

const infoText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string('wrong_field'), v.maxLength(max, 'max_length'))));
/** Strapi's `fileInfo`: what staff may say about a file; anything else in it is ignored. */
const FileInfo = v.object(
  {
    name: v.optional(
      v.pipe(
        v.string('wrong_field'),
        v.trim(),
        v.minLength(1, 'required'),
        v.maxLength(255, 'max_length'),
      ),
    ),
    alternativeText: infoText(1000),
    caption: infoText(1000),
  },
  'wrong_field',
);
type FileInfo = v.InferOutput<typeof FileInfo>;

export function registerUploads(server: FastifyInstance, app: AppContext): void {
  const store = mediaStoreFor(app.config.dataDir);
  // Before the body is read: a visitor's or player's upload is refused unread (401, 403).
  const editorOnly = async (request: FastifyRequest) => {
    await contentEditor(app, request, { write: false });
  };
  const editors = new WeakMap<FastifyRequest, ChangeHook>();
  const writerOnly = async (request: FastifyRequest) => {
    const editor = await contentEditor(app, request, { write: true });
    editors.set(request, auditHook(app, editor, UPLOAD_TYPE.name));
  };
  const hookOf = (request: FastifyRequest) => editors.get(request)!;

  // Its own scope, so that here (and only here) multipart bodies are read by `readUploadForm`
  // (files kept with their names, limits of uploads) instead of the server-wide parser, which
  // takes no files at all.
  void server.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      'multipart/form-data',
      (request: FastifyRequest, payload: IncomingMessage) =>
        readUploadForm(payload, request.headers),
    );

    // `?id=` updates that file's info (Strapi's `POST /upload?id=`, the official client's
    // `files.update`): the `fileInfo` field alone; replacing the bytes is not offered.
    scope.post<{ Querystring: { id?: unknown } }>(
      '/cms/upload',
      { onRequest: writerOnly },
      async (request, reply) => {
        const { id } = request.query;
        if (id !== undefined) {
          if (typeof id !== 'string') throw badFileId();
          return updateFileInfo(app, entryRef(id), request.body, hookOf(request));
        }
        const files = await uploadFiles(app, store, uploadForm(request.body), hookOf(request));
        return reply.code(201).send(files);
      },
    );

    scope.get('/cms/upload/files', { onRequest: editorOnly }, async (request, reply) => {
      const query = parseContentQuery(rawQuery(request), UPLOAD_TYPE.relations);
      const found = await findEntries(app, UPLOAD_TYPE, {
        ...query,
        pagination: { ...query.pagination, withCount: false },
      });
      reply.header('cache-control', 'no-store');
      // Strapi answers the list itself, without `{ data, meta }`.
      return found.data.map(fileObject);
    });

    scope.get<{ Params: { id: string } }>(
      '/cms/upload/files/:id',
      { onRequest: editorOnly },
      async (request) => {
        const entry = await findEntry(app, UPLOAD_TYPE, entryRef(request.params.id), {
          populate: null,
          fields: null,
          publication: 'live',
        });
        return fileObject(entry);
      },
    );

    scope.delete<{ Params: { id: string } }>(
      '/cms/upload/files/:id',
      { onRequest: writerOnly },
      async (request) => deleteFile(app, store, entryRef(request.params.id), hookOf(request)),
    );

    scope.get<{ Params: { key: string } }>('/uploads/:key', (request, reply) =>
      serveFile(store, request, reply),
    );
    scope.all('/uploads/*', async (request) => {
      throw new ApiError('MethodNotFound', `Nothing at ${request.url.split('?')[0]}`);
    });
  });
}

function uploadForm(body: unknown): UploadForm {
  // A JSON or empty body on the upload route: there are no files in it.
  if (!isUploadForm(body) || body.files.length === 0) {
    throw new ApiError('InvalidParameter', 'Send the files as multipart/form-data in files', {
      invalidParameters: { files: ['required'] },
    });
  }
  return body;
}

/**
 * `fileInfo`: one JSON object per file, in the order of the files, either as repeated fields
 * (Strapi's multi-file form) or as one JSON array; a single object with a single file.
 */
function fileInfos(form: UploadForm): FileInfo[] {
  const raw = form.fields.get('fileInfo') ?? [];
  const refuse = (code: string) =>
    new ApiError('InvalidParameter', 'fileInfo must be a JSON object per file', {
      invalidParameters: { fileInfo: [code] },
    });
  let values: unknown[];
  try {
    values = raw.map((text) => JSON.parse(text) as unknown);
  } catch {
    throw refuse('wrong_field');
  }
  if (values.length === 1 && Array.isArray(values[0])) values = values[0];
  if (values.length > form.files.length) throw refuse('wrong_field');
  return values.map((value) => {
    const parsed = v.safeParse(FileInfo, value);
    if (!parsed.success) {
      const codes = Object.values(invalidParameters(parsed.issues)).flat();
      throw refuse(codes[0] ?? 'wrong_field');
    }
    return parsed.output;
  });
}

/** The client's file name as a label: no control characters, no folders, 255 characters. */
function displayName(filename: string, fallback: string): string {
  const name = filename
    .replace(/\p{Cc}/gu, '')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, 255);
  return name || fallback;
}

interface Prepared {
  key: string;
  bytes: Buffer;
  attributes: FileAttributes;
}

async function uploadFiles(
  app: AppContext,
  store: MediaStore,
  form: UploadForm,
  hook: ChangeHook,
): Promise<ContentEntry[]> {
  const infos = fileInfos(form);
  // Every file is checked before any is stored: one refused file refuses the upload.
  const prepared: Prepared[] = [];
  for (const [index, file] of form.files.entries()) {
    const sniffed = await sniffMedia(file.bytes);
    if (!sniffed.ok) {
      throw new ApiError(
        'InvalidParameter',
        sniffed.code === 'unsafe_svg'
          ? 'An svg with scripts, event handlers or embedded documents is not accepted'
          : 'Only png, jpeg, webp, gif, avif, ico and svg images are accepted',
        {
          invalidParameters: { files: [sniffed.code] },
          errorData: { index, name: displayName(file.filename, '') },
        },
      );
    }
    const hash = createHash('sha256').update(file.bytes).digest('hex');
    const key = mediaKey(hash, sniffed.ext);
    const info = infos[index] ?? {};
    prepared.push({
      key,
      bytes: file.bytes,
      attributes: {
        name: info.name ?? displayName(file.filename, key),
        alternativeText: info.alternativeText ?? null,
        caption: info.caption ?? null,
        width: sniffed.width,
        height: sniffed.height,
        formats: null,
        hash,
        ext: `.${sniffed.ext}`,
        mime: sniffed.mime,
        size: Math.round((file.bytes.length / 1024) * 100) / 100,
        url: `/uploads/${key}`,
        provider: store.provider,
      },
    });
  }
  const now = app.now();
  // One transaction for the records, holding each key's lock while its file is stored: a
  // concurrent delete of the last record sharing a key cannot remove the file under us.
  return app.database.db.transaction(async (tx) => {
    const keys = [...new Set(prepared.map((item) => item.key))].sort();
    for (const key of keys) await lockKey(tx, key);
    for (const item of prepared) {
      await store.put(item.key, item.bytes, item.attributes.mime);
    }
    const rows = await tx
      .insert(cmsEntries)
      .values(
        prepared.map((item) => ({
          type: UPLOAD_TYPE.name,
          locale: null,
          data: { ...item.attributes },
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    // Ids follow the order of the files (one serial, one statement): answer in that order.
    const files = rows
      .sort((a, b) => a.id - b.id)
      .map((row) =>
        fileObject({
          id: row.id,
          documentId: row.documentId,
          ...row.data,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }),
      );
    // One upload, one audit row: the files it added (one or several).
    await hook(tx, {
      subjectId: files.map((file) => file.id).join(','),
      before: null,
      after: { files },
    });
    return files;
  });
}

/**
 * Serialises the writes on one stored file (upload and delete) through a transaction-scoped
 * advisory lock named by the key's hash, on PGlite and PostgreSQL alike.
 */
async function lockKey(tx: Executor, key: string): Promise<void> {
  const id = BigInt(`0x${key.slice(0, 15)}`).toString();
  await tx.execute(sql`select pg_advisory_xact_lock(${id}::bigint)`);
}

const badFileId = () =>
  new ApiError('InvalidParameter', 'id names one file: its id or documentId', {
    invalidParameters: { id: ['wrong_field'] },
  });

/**
 * A file's info (name, alternative text, caption) changed: from one `fileInfo` JSON object, sent
 * as multipart (the client's form) or as a JSON body `{ fileInfo }`. Absent keys stay as they are.
 */
async function updateFileInfo(
  app: AppContext,
  id: EntryRef,
  body: unknown,
  hook: ChangeHook,
): Promise<ContentEntry> {
  let raw: unknown;
  if (isUploadForm(body)) {
    if (body.files.length > 0) {
      throw new ApiError('InvalidParameter', 'Replacing a file is not offered: upload a new one', {
        invalidParameters: { files: ['unknown_parameter'] },
      });
    }
    const [text, ...more] = body.fields.get('fileInfo') ?? [];
    if (text === undefined || more.length > 0) throw fileInfoRequired();
    try {
      raw = JSON.parse(text) as unknown;
    } catch {
      throw new ApiError('InvalidParameter', 'fileInfo must be a JSON object', {
        invalidParameters: { fileInfo: ['wrong_field'] },
      });
    }
  } else {
    raw = body && typeof body === 'object' ? (body as { fileInfo?: unknown }).fileInfo : undefined;
  }
  const parsed = v.safeParse(FileInfo, raw);
  if (!parsed.success) {
    const codes = Object.values(invalidParameters(parsed.issues)).flat();
    throw new ApiError('InvalidParameter', 'fileInfo must be a JSON object', {
      invalidParameters: { fileInfo: [codes[0] ?? 'wrong_field'] },
    });
  }
  const change: Record<string, unknown> = {};
  for (const key of ['name', 'alternativeText', 'caption'] as const) {
    if (parsed.output[key] !== undefined) change[key] = parsed.output[key];
  }
  const found = await findEntry(app, UPLOAD_TYPE, id, {
    populate: null,
    fields: null,
    publication: 'live',
  });
  const now = app.now();
  return app.database.db.transaction(async (tx) => {
    const rows = (await tx.execute(sql`
      update "cms_entries" set "data" = "data" || ${JSON.stringify(change)}::jsonb,
        "updated_at" = ${now.toISOString()}::timestamptz
      where "type" = ${UPLOAD_TYPE.name} and "id" = ${found.id}
      returning "id"`)) as unknown as { rows: unknown[] };
    if (rows.rows.length === 0) throw new ApiError('MethodNotFound', `No file ${id}`);
    const updated = fileObject({ ...found, ...change, updatedAt: now.toISOString() });
    await hook(tx, { subjectId: found.id, before: fileObject(found), after: updated });
    return updated;
  });
}

const fileInfoRequired = () =>
  new ApiError('InvalidParameter', 'Send fileInfo: one JSON object', {
    invalidParameters: { fileInfo: ['required'] },
  });

/** The record goes; the file only when no other record (same bytes uploaded again) uses it. */
async function deleteFile(
  app: AppContext,
  store: MediaStore,
  id: EntryRef,
  hook: ChangeHook,
): Promise<ContentEntry> {
  const entry = fileObject(
    await findEntry(app, UPLOAD_TYPE, id, { populate: null, fields: null, publication: 'live' }),
  );
  const key = `${String(entry.hash)}${String(entry.ext)}`;
  if (!parseMediaKey(key)) throw new Error(`Upload ${id} has no valid key`);
  await app.database.db.transaction(async (tx) => {
    await lockKey(tx, key);
    const removed = (await tx.execute(sql`
      delete from "cms_entries" where "type" = ${UPLOAD_TYPE.name} and "id" = ${entry.id}
      returning "id"`)) as unknown as { rows: unknown[] };
    if (removed.rows.length === 0) {
      throw new ApiError('MethodNotFound', `No ${UPLOAD_TYPE.name} entry ${id}`);
    }
    const others = (await tx.execute(sql`
      select 1 from "cms_entries"
      where "type" = ${UPLOAD_TYPE.name} and "data" ->> 'url' = ${entry.url as string}
      limit 1`)) as unknown as { rows: unknown[] };
    await hook(tx, { subjectId: entry.id, before: entry, after: null });
    // Inside the transaction: if the store fails, the record stays and the delete can be retried.
    if (others.rows.length === 0) await store.delete(key);
  });
  return entry;
}

/** Strapi's order of a file's keys (jsonb keeps its own order, which reads badly). */
export const FILE_KEYS = [
  'id',
  'documentId',
  'name',
  'alternativeText',
  'caption',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'provider',
  'createdAt',
  'updatedAt',
];

/** A file as Strapi answers it: no publication stage, no locale. */
function fileObject(entry: ContentEntry): ContentEntry {
  const { publishedAt: _publishedAt, locale: _locale, ...file } = entry;
  const ordered: Record<string, unknown> = {};
  for (const key of FILE_KEYS) if (key in file) ordered[key] = file[key];
  return { ...ordered, ...file } as ContentEntry;
}

async function serveFile(
  store: MediaStore,
  request: FastifyRequest<{ Params: { key: string } }>,
  reply: FastifyReply,
) {
  const parsed = parseMediaKey(request.params.key);
  const stored = parsed ? await store.get(request.params.key) : null;
  if (!parsed || !stored) {
    throw new ApiError('MethodNotFound', `No upload ${request.params.key}`);
  }
  // The hash is the content: a strong validator for free.
  const etag = `"${parsed.hash}"`;
  reply.headers({
    ...SERVED_HEADERS,
    etag,
    'content-type': MEDIA_MIME[parsed.ext as MediaExtension],
  });
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    stored.body.destroy();
    return reply.code(304).send();
  }
  if (stored.size !== null) reply.header('content-length', stored.size);
  return reply.send(stored.body);
}
