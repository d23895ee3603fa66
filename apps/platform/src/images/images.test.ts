import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsEditor } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * `/_ipx` through the real platform (issue #28): the game art and a content upload resized by
 * ipx/sharp, the disk cache, and every refusal. On PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

let server: TestServer;
let art: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'northstar-images-'));

beforeAll(async () => {
  server = await startTestServer({ config: { dataDir } });
  const [game] = await server.database.query<{ image_url: string }>(
    sql`select image_url from games where launch_provider = 'northstar' order by sysname limit 1`,
  );
  art = game!.image_url;
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function image(address: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(address, server.url), { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const size = response.status === 200 ? imageSize(bytes) : null;
  return { response, bytes, size };
}

describe('/_ipx resizes', () => {
  it('turns the SVG game art into webp of the asked width (the §9 default format)', async () => {
    expect(art).toMatch(/^\/originals\/art\/.+\.svg$/);
    const { response, size } = await image(`/_ipx/w_100${art}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(size).toMatchObject({ type: 'webp', width: 100, height: 67 });
  });

  it('draws a vector at density 2 sharp, to exactly the asked box', async () => {
    const { size } = await image(`/_ipx/f_webp&fit_cover&s_576x384&q_95${art}`);
    expect(size).toMatchObject({ type: 'webp', width: 576, height: 384 });
    const png = await image(`/_ipx/f_png&s_192x288&fit_cover${art}`);
    expect(png.response.headers.get('content-type')).toBe('image/png');
    expect(png.size).toMatchObject({ type: 'png', width: 192, height: 288 });
  });

  it('letterboxes on the asked background, an all-digit colour included', async () => {
    const { response, size } = await image(`/_ipx/s_100x100&fit_contain&b_000${art}`);
    expect(response.status).toBe(200);
    expect(size).toMatchObject({ width: 100, height: 100 });
  });

  it('takes w and h together as one size (ipx alone would keep only the last)', async () => {
    const { size } = await image(`/_ipx/w_144&h_96${art}`);
    expect(size).toMatchObject({ width: 144, height: 96 });
  });

  it('resizes a content upload and never enlarges a raster beyond its own pixels', async () => {
    const editor = await cmsEditor(server);
    const form = new FormData();
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(photo)]), 'photo.png');
    const uploaded = await fetch(new URL('/cms/upload', server.url), {
      method: 'POST',
      headers: editor.headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [file] = (await uploaded.json()) as { url: string }[];
    expect((await image(`/_ipx/w_200${file!.url}`)).size).toMatchObject({
      type: 'webp',
      width: 200,
      height: 150,
    });
    expect((await image(`/_ipx/w_800${file!.url}`)).size).toMatchObject({ width: 400 });
  });

  it('keeps each result on disk and answers 304 to its ETag', async () => {
    const address = `/_ipx/w_120&q_80${art}`;
    const first = await image(address);
    const etag = first.response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.response.headers.get('cache-control')).toContain('max-age=86400');
    const cached = readdirSync(path.join(dataDir, 'image-cache'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.webp'));
    expect(cached).toContainEqual(expect.stringContaining(etag!.slice(1, -1)));
    const again = await image(address);
    expect(again.response.headers.get('etag')).toBe(etag);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const revalidated = await fetch(new URL(address, server.url), {
      headers: { 'if-none-match': etag! },
    });
    expect(revalidated.status).toBe(304);
    // Another quality is another image.
    const other = await image(`/_ipx/w_120&q_50${art}`);
    expect(other.response.headers.get('etag')).not.toBe(etag);
  });
});

describe('/_ipx refuses', () => {
  it.each([
    ['a modifier outside the seven', '/_ipx/rotate_90', 400, 'unknown_modifier:rotate'],
    ['a side over the cap', '/_ipx/w_4000', 400, 'too_large:w'],
    ['a size over the cap', '/_ipx/s_100x9000', 400, 'too_large:s'],
    ['a quality out of range', '/_ipx/q_0', 400, 'invalid_value:q'],
  ])('%s (%s)', async (_what, prefix, status, reason) => {
    const response = await fetch(new URL(`${prefix}${art}`, server.url));
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(reason);
  });

  it.each([
    ['another site', '/_ipx/w_100/https://images.example.com/a.png'],
    ['another site, scheme-relative', '/_ipx/w_100//images.example.com/a.png'],
    ['a path outside the allowed folders', '/_ipx/w_100/api/metadata/getgeneralinfo'],
    ['an escape from an allowed folder', '/_ipx/w_100/uploads/%2e%2e/api/x.png'],
  ])('a source from %s: 403, nothing fetched', async (_what, address) => {
    const response = await fetch(new URL(address, server.url));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('source_not_allowed');
  });

  it('answers 404 for a source that is not there and 400 without modifiers', async () => {
    const missing = await fetch(new URL('/_ipx/w_100/originals/art/no-such-game.svg', server.url));
    expect(missing.status).toBe(404);
    expect((await fetch(new URL('/_ipx/', server.url))).status).toBe(400);
    expect(existsSync(path.join(dataDir, 'image-cache'))).toBe(true);
  });
});
