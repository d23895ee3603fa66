import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { ApiError } from '@northstar/errors';

/** §3 media: banners, icons, favicons, og images. 5 MB holds any of them at full quality. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Files in one `POST /cms/upload`. */
export const MAX_FILES = 10;
/**
 * Past this much body the request is not read any further. Oversized files are read to their
 * end (and discarded) so the client gets its answer instead of a reset connection; a body
 * bigger than every file and field allowed together is cut off.
 */
const MAX_BODY_BYTES = (MAX_FILES + 1) * MAX_FILE_BYTES;

export interface UploadedPart {
  /** The client's file name (a label only: the stored name comes from the bytes' hash). */
  filename: string;
  bytes: Buffer;
}

/** Marks forms this module read: a JSON body can look like one, never carry the symbol. */
const READ_HERE = Symbol('upload-form');

/** The multipart body of `POST /cms/upload`, read by `readUploadForm`. */
export interface UploadForm {
  [READ_HERE]: true;
  files: UploadedPart[];
  /** Text fields by name, in order (`fileInfo` may repeat, once per file). */
  fields: Map<string, string[]>;
}

export function isUploadForm(body: unknown): body is UploadForm {
  return typeof body === 'object' && body !== null && READ_HERE in body;
}

const unreadable = (message: string, status = 400) =>
  new ApiError('InvalidRequest', message, { status });
const fileError = (code: string, message: string, status = 400) =>
  new ApiError('InvalidParameter', message, { status, invalidParameters: { files: [code] } });

/**
 * Reads a multipart body into memory with hard limits, as busboy streams it: every file at most
 * MAX_FILE_BYTES (`file_too_large`, 413), at most MAX_FILES files (`too_many_files`), files only
 * in the `files` field, small text fields. Every failure is a typed ApiError, and the request is
 * still read to its end (busboy goes on discarding what it no longer stores), so the answer
 * reaches the client and the connection stays usable; only a body past MAX_BODY_BYTES has its
 * connection closed.
 */
export function readUploadForm(
  payload: Readable,
  headers: IncomingHttpHeaders,
): Promise<UploadForm> {
  return new Promise((resolve, reject) => {
    const files: UploadedPart[] = [];
    const fields = new Map<string, string[]>();
    let failure: ApiError | null = null;
    let settled = false;
    const fail = (error: ApiError) => {
      failure ??= error;
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      payload.unpipe(parser);
      if (failure) reject(failure);
      else resolve({ [READ_HERE]: true, files, fields });
    };

    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: headers as IncomingHttpHeaders & { 'content-type': string },
        limits: {
          fileSize: MAX_FILE_BYTES,
          files: MAX_FILES,
          fields: 2 * MAX_FILES + 10,
          parts: 3 * MAX_FILES + 10,
          fieldSize: 16 * 1024,
          fieldNameSize: 100,
          headerPairs: 20,
        },
      });
    } catch {
      // No boundary, not multipart at all: nothing of the body can be read.
      payload.resume();
      reject(unreadable('The multipart body could not be read'));
      return;
    }

    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_BODY_BYTES && !settled) {
        fail(unreadable('The upload is too large', 413));
        finish();
        // Stop reading: what is left of an oversized body is the client's to abandon.
        payload.destroy();
      }
    });
    payload.on('error', () => {
      fail(unreadable('The request was not received whole'));
      finish();
    });

    const pending: Promise<void>[] = [];
    parser.on('file', (field: string, stream: BusboyFileStream, filename: string) => {
      // A body cut inside a part errors the part's stream: unhandled, that would end the process.
      stream.on('error', () => fail(unreadable('The multipart body could not be read')));
      if (field !== 'files') {
        stream.resume();
        fail(
          new ApiError('InvalidParameter', `Files go in the files field, not ${field}`, {
            invalidParameters: { [field]: ['unknown_parameter'] },
          }),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        chunks.length = 0;
        fail(fileError('file_too_large', `A file is larger than ${MAX_FILE_BYTES} bytes`, 413));
      });
      pending.push(
        new Promise((done) => {
          stream.on('end', () => {
            if (!stream.truncated) files.push({ filename, bytes: Buffer.concat(chunks) });
            done();
          });
          stream.on('error', () => done());
        }),
      );
    });
    parser.on(
      'field',
      (field: string, value: string, _nameTruncated: boolean, truncated: boolean) => {
        if (truncated) {
          fail(
            new ApiError('InvalidParameter', `${field} is too long`, {
              invalidParameters: { [field]: ['max_length'] },
            }),
          );
          return;
        }
        const list = fields.get(field) ?? [];
        list.push(value);
        fields.set(field, list);
      },
    );
    parser.on('filesLimit', () =>
      fail(fileError('too_many_files', `At most ${MAX_FILES} files per upload`)),
    );
    parser.on('fieldsLimit', () => fail(unreadable('Too many fields', 413)));
    parser.on('partsLimit', () => fail(unreadable('Too many parts', 413)));
    parser.on('error', () => {
      fail(unreadable('The multipart body could not be read'));
      // A broken body is still read to its end, so the answer is not lost to a reset.
      payload.unpipe(parser);
      payload.resume();
      finish();
    });
    parser.on('finish', () => {
      void Promise.all(pending).then(finish);
    });
    payload.pipe(parser);
  });
}
