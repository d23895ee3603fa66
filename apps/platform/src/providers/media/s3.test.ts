import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsCall, cmsEditor, type CmsEditor } from '../../testing/cms.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { pngImage, SVG_ICON } from '../../content/upload-fixtures.ts';
import { s3SettingsFromEnv } from './s3.ts';
import { mediaStoreFor } from './index.ts';

/**
 * The S3 media store against a real S3-compatible server (s3rver, in this process): objects
 * land in the bucket under `uploads/`, are served by the platform at the same `/uploads` URLs,
 * and go when their last record does. s3rver does not check SigV4 signatures (it checks the
 * access key only), so this proves the wire protocol, not the signing, which is aws4fetch's.
 */
const BUCKET = 'northstar-media';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const S3_ENV = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_REGION',
];

let s3: S3rver;
let s3Folder: string;
let endpoint: string;
let server: TestServer;
let editor: CmsEditor;
const saved = new Map(S3_ENV.map((name) => [name, process.env[name]]));
const bucket = new AwsClient({ ...CREDENTIALS, region: 'us-east-1', service: 's3' });

beforeAll(async () => {
  s3Folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_REGION: 'us-east-1',
  });
  server = await startTestServer();
  editor = await cmsEditor(server);
}, 60_000);

afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await server?.close();
  await s3?.close();
  rmSync(s3Folder, { recursive: true, force: true });
});

async function uploadOne(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('files', new Blob([bytes]), name);
  const response = await fetch(new URL('/cms/upload', server.url), {
    method: 'POST',
    headers: editor.headers,
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number; url: string; provider: string }[])[0]!;
}

const inBucket = (url: string) =>
  bucket.fetch(`${endpoint}/${BUCKET}/uploads/${url.slice('/uploads/'.length)}`);

describe('S3 media store (S3_* set)', () => {
  it('stores uploads in the bucket and serves them at /uploads with the same headers', async () => {
    const png = pngImage(12, 8, 30);
    const image = await uploadOne('s3.png', png);
    const hash = createHash('sha256').update(png).digest('hex');
    expect(image).toMatchObject({ provider: 'aws-s3', url: `/uploads/${hash}.png` });
    const object = await inBucket(image.url);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await object.arrayBuffer()).equals(png)).toBe(true);

    const response = await fetch(new URL(image.url, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('etag')).toBe(`"${hash}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    const icon = await uploadOne('s3.svg', SVG_ICON);
    const svg = await fetch(new URL(icon.url, server.url));
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect(await svg.text()).toBe(SVG_ICON.toString());
  });

  it('removes the object with its last record only', async () => {
    const png = pngImage(3, 3, 31);
    const a = await uploadOne('a.png', png);
    const b = await uploadOne('b.png', png);
    expect(b.url).toBe(a.url);
    await cmsCall(server.url, 'DELETE', `/cms/upload/files/${a.id}`, { editor });
    expect((await inBucket(a.url)).status).toBe(200);
    expect((await fetch(new URL(b.url, server.url))).status).toBe(200);
    const removed = await cmsCall(server.url, 'DELETE', `/cms/upload/files/${b.id}`, {
      editor,
    });
    expect(removed.status).toBe(200);
    expect((await inBucket(b.url)).status).toBe(404);
    const gone = await fetch(new URL(b.url, server.url));
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { type: string } }).error.type).toBe(
      'MethodNotFoundException',
    );
  });
});

describe('S3 settings', () => {
  it('uses the disk without S3_BUCKET and refuses a half-done S3 setup', () => {
    expect(s3SettingsFromEnv({})).toBeNull();
    expect(mediaStoreFor('/tmp/x', {}).provider).toBe('local');
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://x' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() =>
      s3SettingsFromEnv({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'ftp://x',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow(/S3_ENDPOINT/);
    expect(
      s3SettingsFromEnv({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'https://s3.example.com/',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
  });
});
