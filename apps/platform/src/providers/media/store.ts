import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded media bytes live. Keys are content addresses (`<sha256 hex>.<ext>`, see
 * `mediaKey`): a key always names the same bytes, so a store never overwrites a file with other
 * content, identical uploads share one file, and every URL can be cached forever.
 */
export interface MediaStore {
  /** The `provider` of the Strapi file objects this store holds (`local`, `aws-s3`). */
  readonly provider: string;
  /** Stores the bytes under the key; storing a key that is already there is a no-op. */
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** The stored bytes as a stream, or null when the key is unknown. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes the key; removing an unknown key is not an error. */
  delete(key: string): Promise<void>;
}

export interface StoredMedia {
  body: Readable;
  /** Bytes, when the store knows it up front (for content-length). */
  size: number | null;
}

/** What the platform accepts and serves (§3 images, favicons, svg icons), by extension. */
export const MEDIA_MIME = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
} as const;

export type MediaExtension = keyof typeof MEDIA_MIME;

const KEY = /^([0-9a-f]{64})\.(png|jpg|webp|gif|avif|ico|svg)$/;

export function mediaKey(sha256: string, ext: MediaExtension): string {
  return `${sha256}.${ext}`;
}

/** The hash and extension of a well-formed key, else null (nothing else reaches a store). */
export function parseMediaKey(key: string): { hash: string; ext: MediaExtension } | null {
  const match = KEY.exec(key);
  return match ? { hash: match[1]!, ext: match[2] as MediaExtension } : null;
}

/**
 * `DATA_DIR/uploads/ab/ab12….png`: one folder level by the hash's first two characters keeps
 * folders small. A file is written to a temporary name and renamed into place, so a reader never
 * sees half of one, and a crash leaves at worst a `.tmp-*` file behind.
 */
export class DiskMediaStore implements MediaStore {
  readonly provider = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    if (!parseMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  /** The type is not kept: the key's extension gives it back (`MEDIA_MIME`). */
  async put(key: string, bytes: Uint8Array, _mime?: string): Promise<void> {
    const target = this.pathOf(key);
    if (await exists(target)) return;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredMedia | null> {
    const target = this.pathOf(key);
    try {
      const info = await stat(target);
      return { body: createReadStream(target), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
