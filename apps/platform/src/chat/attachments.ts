import type { IncomingMessage } from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { isUploadForm, readUploadForm, sniffMedia } from '../content/index.ts';
import { consume, resolveSession, resolveStaffSession } from '../identity/index.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { hasMarker } from '../lib/marker.ts';
import { chatAttachments, chatConversations, type ChatAttachmentRef } from './schema.ts';

/**
 * Files in the chat (issue #30): a player or an agent uploads one (`POST
 * /platform/chat/attachments`, `POST /platform/staff/chat/attachments`, multipart, one file in
 * `files`), then sends a message naming it (`attachment_id` of `chat/send`, `chat/staffsend`).
 * The upload checks are the platform's own (content/'s form reader and sniffer): at most
 * MAX_FILE_BYTES, and the bytes must be a raster image or a PDF whatever the name or type the
 * client gave. Served (`GET /platform/chat/attachments/:id`) to the conversation's player and to
 * support agents only, as a download that cannot run script.
 */

export const ATTACHMENTS_PATH = '/platform/chat/attachments';
const STAFF_UPLOADS_PATH = '/platform/staff/chat/attachments';
/** Uploads per sender and hour. */
export const UPLOADS_PER_HOUR = 30;

export interface Uploader {
  kind: 'player' | 'agent';
  id: number;
}

/** What the bytes are: a raster image (no svg, no icon) or a PDF; null for anything else. */
export async function inspectAttachment(bytes: Uint8Array): Promise<string | null> {
  const media = await sniffMedia(bytes);
  if (media.ok && media.ext !== 'svg' && media.ext !== 'ico') return media.mime;
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  return head === '%PDF-' ? 'application/pdf' : null;
}

const refOf = (row: {
  id: number;
  name: string;
  contentType: string;
  size: number;
}): ChatAttachmentRef => ({
  name: row.name,
  content_type: row.contentType,
  size: row.size,
  url: `${ATTACHMENTS_PATH}/${row.id}`,
});

const notYours = () =>
  new ApiError('InvalidParameter', 'No such file to send', {
    invalidParameters: { attachment_id: ['wrong_field'] },
  });

/**
 * Locks an uploaded file its uploader has not sent yet and answers what a message keeps of it;
 * another's file, or one already sent, is refused.
 */
export async function reserveAttachment(
  tx: Executor,
  id: number,
  uploader: Uploader,
): Promise<ChatAttachmentRef> {
  const [row] = await tx
    .select({
      id: chatAttachments.id,
      name: chatAttachments.name,
      contentType: chatAttachments.contentType,
      size: chatAttachments.size,
    })
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.id, id),
        eq(chatAttachments.uploaderKind, uploader.kind),
        eq(chatAttachments.uploaderId, uploader.id),
        isNull(chatAttachments.messageId),
      ),
    )
    .for('update');
  if (!row) throw notYours();
  return refOf(row);
}

/** Binds a reserved file to the message that carries it. */
export async function bindAttachment(
  tx: Executor,
  id: number,
  conversationId: number,
  messageId: number,
): Promise<void> {
  await tx
    .update(chatAttachments)
    .set({ conversationId, messageId })
    .where(eq(chatAttachments.id, id));
}

async function storeUpload(
  app: AppContext,
  uploader: Uploader,
  body: unknown,
): Promise<ChatAttachmentRef & { id: number }> {
  const files = isUploadForm(body) ? body.files : [];
  if (files.length !== 1) {
    throw new ApiError('InvalidParameter', 'Send one file', {
      invalidParameters: { files: ['required'] },
    });
  }
  const [file] = files;
  const contentType = await inspectAttachment(file!.bytes);
  if (!contentType) {
    throw new ApiError('InvalidParameter', 'Only images and PDF files can be sent', {
      invalidParameters: { files: ['wrong_file_type'] },
    });
  }
  // The name is a label: trimmed, without path or control characters.
  const name =
    file!.filename
      .replace(/^.*[\\/]/, '')
      .split('')
      .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
      .join('')
      .trim()
      .slice(0, 200) || 'file';
  const [row] = await app.database.db
    .insert(chatAttachments)
    .values({
      uploaderKind: uploader.kind,
      uploaderId: uploader.id,
      name,
      contentType,
      size: file!.bytes.length,
      bytes: file!.bytes,
    })
    .returning({
      id: chatAttachments.id,
      name: chatAttachments.name,
      contentType: chatAttachments.contentType,
      size: chatAttachments.size,
    });
  return { id: row!.id, ...refOf(row!) };
}

const forbidden = (message: string) => new ApiError('AccessDenied', message);

export function registerAttachmentRoutes(server: FastifyInstance, app: AppContext): void {
  const uploaders = new WeakMap<FastifyRequest, Uploader>();
  /**
   * Before the body is read: the marker header (no cross-site form uploads), a session, and the
   * sender's hourly budget; a refused upload is never read.
   */
  const admit = (kind: Uploader['kind']) => async (request: FastifyRequest) => {
    if (!hasMarker(request.headers['x-app-client'])) {
      throw forbidden('This call needs the X-App-Client header');
    }
    let id: number | null;
    if (kind === 'player') {
      const session = await resolveSession(app, request, generalSettings().time_to_force_logout);
      id = session?.playerId ?? null;
    } else {
      const staff = await resolveStaffSession(app, request);
      if (staff && !staff.roles.some((role) => role === 'support' || role === 'admin')) {
        throw forbidden('Support agents only');
      }
      id = staff?.id ?? null;
    }
    if (id === null) throw new ApiError('Authorization', 'Sign in to send files');
    await consume(
      app.database,
      [{ key: `chat:upload:${kind}:${id}`, max: UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }],
      app.now(),
    );
    uploaders.set(request, { kind, id });
  };

  // Its own scope: here (and only here) multipart bodies are read with their files, by the
  // platform's upload reader and its limits; the server-wide parser takes no files at all.
  void server.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      'multipart/form-data',
      (request: FastifyRequest, payload: IncomingMessage) =>
        readUploadForm(payload, request.headers),
    );
    for (const [path, kind] of [
      [ATTACHMENTS_PATH, 'player'],
      [STAFF_UPLOADS_PATH, 'agent'],
    ] as const) {
      scope.post(path, { onRequest: admit(kind) }, async (request) => ({
        data: await storeUpload(app, uploaders.get(request)!, request.body),
      }));
    }
  });

  server.get<{ Params: { id: string } }>(`${ATTACHMENTS_PATH}/:id`, async (request, reply) => {
    const missing = () => new ApiError('MethodNotFound', 'No such file');
    if (!/^\d{1,9}$/.test(request.params.id)) throw missing();
    const [row] = await app.database.db
      .select({
        id: chatAttachments.id,
        uploaderKind: chatAttachments.uploaderKind,
        uploaderId: chatAttachments.uploaderId,
        contentType: chatAttachments.contentType,
        bytes: chatAttachments.bytes,
        owner: chatConversations.playerId,
      })
      .from(chatAttachments)
      .leftJoin(chatConversations, eq(chatConversations.id, chatAttachments.conversationId))
      .where(eq(chatAttachments.id, Number(request.params.id)))
      .limit(1);
    if (!row) throw missing();
    const staff = await resolveStaffSession(app, request);
    let allowed = staff?.roles.some((role) => role === 'support' || role === 'admin') ?? false;
    if (!allowed) {
      const session = await resolveSession(app, request, generalSettings().time_to_force_logout);
      const playerId = session?.playerId ?? null;
      allowed =
        playerId !== null &&
        (row.owner === playerId || (row.uploaderKind === 'player' && row.uploaderId === playerId));
    }
    // Someone else's file is as absent as no file.
    if (!allowed) throw missing();
    const image = row.contentType.startsWith('image/');
    const ext = row.contentType === 'application/pdf' ? 'pdf' : row.contentType.split('/')[1];
    return reply
      .headers({
        'content-type': row.contentType,
        'content-length': row.bytes.length,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': `${image ? 'inline' : 'attachment'}; filename="chat-${row.id}.${ext}"`,
      })
      .send(row.bytes);
  });
}
