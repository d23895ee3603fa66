import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { MediaStore, StoredMedia } from './store.ts';

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) addressed path-style. */
export interface S3Settings {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://127.0.0.1:9000`: no bucket in it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 when `S3_BUCKET` is set; a half-done setup fails the start rather than lose uploads. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0) throw new Error(`S3_BUCKET is set, but not ${missing.join(', ')}`);
  const endpoint = URL.canParse(env.S3_ENDPOINT!) ? new URL(env.S3_ENDPOINT!) : null;
  if (!endpoint || (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:')) {
    throw new Error(`S3_ENDPOINT is not an http(s) URL: ${env.S3_ENDPOINT}`);
  }
  return {
    endpoint: endpoint.href.replace(/\/+$/, ''),
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
}

/** Objects live under this prefix, so the bucket can hold other things too. */
const PREFIX = 'uploads/';
const TIMEOUT_MS = 15_000;

/**
 * The media store on S3, through `aws4fetch` (SigV4 signing over the built-in fetch, no SDK): the
 * four calls needed here are plain PUT, GET and DELETE of one object. The platform still serves
 * the files at `/uploads/<key>` (same URLs, cache and security headers whichever store holds
 * them); the bucket can stay private.
 */
export class S3MediaStore implements MediaStore {
  readonly provider = 'aws-s3';
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      // aws4fetch retries 5xx and 429 itself (10 times by default): a couple is enough here.
      retries: 2,
    });
    this.base = `${settings.endpoint}/${encodeURIComponent(settings.bucket)}/${PREFIX}`;
  }

  /** The timeout covers the wait for the answer's head, not the streaming of a file after it. */
  private async call(key: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('S3 timed out')), TIMEOUT_MS);
    try {
      return await this.client.fetch(this.base + key, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, bytes: Uint8Array, mime: string): Promise<void> {
    const response = await this.call(key, {
      method: 'PUT',
      // A copy in a plain ArrayBuffer: what every fetch typing accepts as a body.
      body: new Uint8Array(bytes),
      headers: {
        'content-type': mime,
        // The object never changes: a CDN in front of the bucket may cache it for good.
        'cache-control': 'public, max-age=31536000, immutable',
        // A signed payload hash: the store refuses bytes that changed on the way.
        'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
      },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`);
  }

  async get(key: string): Promise<StoredMedia | null> {
    const response = await this.call(key, { method: 'GET' });
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok || !response.body) {
      await response.arrayBuffer();
      throw new Error(`S3 GET ${key} answered ${response.status}`);
    }
    const length = Number(response.headers.get('content-length'));
    return {
      body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      size: Number.isInteger(length) && length >= 0 ? length : null,
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.call(key, { method: 'DELETE' });
    await response.arrayBuffer();
    if (!response.ok && response.status !== 404) {
      throw new Error(`S3 DELETE ${key} answered ${response.status}`);
    }
  }
}
