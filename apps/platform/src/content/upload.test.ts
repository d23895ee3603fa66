import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../demo/index.ts';
import { cmsCall, cmsEditor, cmsJwt, type CmsAnswer, type CmsEditor } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { pngImage, SVG_ICON } from './upload-fixtures.ts';
import { MAX_FILE_BYTES } from './upload-form.ts';

let server: TestServer;
let editor: CmsEditor;
/** A staff member of another role (support): signed in to the back office, no content rights. */
let support: CmsEditor;
let playerJwt: string;

type FileObject = Record<string, unknown> & { id: number; url: string; hash: string };

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
  support = await cmsEditor(server, ['support']);
  playerJwt = await cmsJwt(server.url, DEMO_PLAYER);
}, 60_000);
afterAll(() => server.close());

interface UploadFile {
  name: string;
  bytes: Uint8Array;
  /** What the client claims; the server never believes it. */
  type?: string;
}

async function upload(
  files: UploadFile[],
  options: { headers?: Record<string, string>; fileInfo?: unknown[]; field?: string } = {},
): Promise<{ status: number; body: unknown; error: NonNullable<CmsAnswer['body']['error']> }> {
  const form = new FormData();
  for (const file of files) {
    form.append(
      options.field ?? 'files',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  for (const info of options.fileInfo ?? []) form.append('fileInfo', JSON.stringify(info));
  const response = await fetch(new URL('/cms/upload', server.url), {
    method: 'POST',
    headers: options.headers ?? editor.headers,
    body: form,
  });
  const body = (await response.json()) as { error?: CmsAnswer['body']['error'] };
  return {
    status: response.status,
    body,
    error: body.error ?? { status: 0, name: '', message: '', details: { type: '', code: '' } },
  };
}

async function uploadOne(file: UploadFile, fileInfo?: unknown): Promise<FileObject> {
  const answer = await upload([file], fileInfo ? { fileInfo: [fileInfo] } : {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as FileObject[])[0]!;
}

const served = (url: string, init?: RequestInit) => fetch(new URL(url, server.url), init);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const kilobytes = (bytes: Uint8Array) => Math.round((bytes.length / 1024) * 100) / 100;

describe('POST /cms/upload', () => {
  it('stores a png and an svg for staff and answers Strapi file objects', async () => {
    const png = pngImage(40, 30, 1);
    const answer = await upload(
      [
        { name: 'hero.png', bytes: png, type: 'image/png' },
        { name: 'star.svg', bytes: SVG_ICON, type: 'image/svg+xml' },
      ],
      {
        fileInfo: [
          { name: 'Welcome hero', alternativeText: 'A gold star', caption: 'Hero' },
          { alternativeText: 'Star icon' },
        ],
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [image, icon] = answer.body as FileObject[];
    const pngHash = sha256(png);
    expect(image).toEqual({
      id: expect.any(Number),
      documentId: expect.stringMatching(/^[a-z0-9]{24}$/),
      name: 'Welcome hero',
      alternativeText: 'A gold star',
      caption: 'Hero',
      width: 40,
      height: 30,
      formats: null,
      hash: pngHash,
      ext: '.png',
      mime: 'image/png',
      size: kilobytes(png),
      url: `/uploads/${pngHash}.png`,
      provider: 'local',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(icon).toMatchObject({
      name: 'star.svg',
      alternativeText: 'Star icon',
      caption: null,
      width: 24,
      height: 20,
      ext: '.svg',
      mime: 'image/svg+xml',
      hash: sha256(SVG_ICON),
      url: `/uploads/${sha256(SVG_ICON)}.svg`,
    });
    expect(icon!.id).toBeGreaterThan(image!.id);
  });

  it('serves the files with a year of immutable caching, their type, nosniff, ETag and bytes', async () => {
    const png = pngImage(5, 5, 2);
    const image = await uploadOne({ name: 'a.png', bytes: png });
    const response = await served(image.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toBe(`"${sha256(png)}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    const again = await served(image.url, { headers: { 'if-none-match': `"${sha256(png)}"` } });
    expect(again.status).toBe(304);
    const head = await served(image.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(`"${sha256(png)}"`);

    const svg = Buffer.from(SVG_ICON.toString().replace('#f5c542', '#123456'));
    const icon = await uploadOne({ name: 'b.svg', bytes: svg, type: 'text/plain' });
    const svgResponse = await served(icon.url, { headers: { 'accept-encoding': 'identity' } });
    expect(svgResponse.headers.get('content-type')).toBe('image/svg+xml');
    expect(svgResponse.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(svgResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await svgResponse.text()).toBe(svg.toString());
  });

  it('refuses visitors and players (401) and other staff roles (403), for upload and delete', async () => {
    const file = { name: 'x.png', bytes: pngImage(2, 2, 3) };
    const visitor = await upload([file], { headers: {} });
    expect(visitor.status).toBe(401);
    expect(visitor.error.details.type).toBe('AuthorizationException');
    const player = await upload([file], { headers: { authorization: `Bearer ${playerJwt}` } });
    expect(player.status).toBe(401);
    const other = await upload([file], { headers: support.headers });
    expect(other.status).toBe(403);
    expect(other.error.details.type).toBe('AccessDeniedException');
    // The editor's session without the marker header: refused too.
    const unmarked = await upload([file], { headers: { cookie: editor.headers.cookie } });
    expect(unmarked.status).toBe(403);
    // Nothing was stored by either.
    expect((await served(`/uploads/${sha256(file.bytes)}.png`)).status).toBe(404);

    const image = await uploadOne(file);
    const anonymousDelete = await cmsCall(server.url, 'DELETE', `/cms/upload/files/${image.id}`);
    expect(anonymousDelete.status).toBe(401);
    const playerDelete = await cmsCall(server.url, 'DELETE', `/cms/upload/files/${image.id}`, {
      jwt: playerJwt,
    });
    expect(playerDelete.status).toBe(401);
    const otherDelete = await cmsCall(server.url, 'DELETE', `/cms/upload/files/${image.id}`, {
      editor: support,
    });
    expect(otherDelete.status).toBe(403);
    expect(otherDelete.body.error?.details.type).toBe('AccessDeniedException');
    expect(
      (await cmsCall(server.url, 'GET', `/cms/upload/files/${image.id}`, { editor })).status,
    ).toBe(200);
    expect((await served(image.url)).status).toBe(200);
  });

  it('refuses a text file named .png and claimed image/png, and an svg with script', async () => {
    const fake = await upload([
      { name: 'logo.png', bytes: Buffer.from('not an image at all'), type: 'image/png' },
    ]);
    expect(fake.status).toBe(400);
    expect(fake.error.details.type).toBe('InvalidParameterException');
    expect(fake.error.details.invalid_parameters).toEqual({ files: ['wrong_file_type'] });
    const html = await upload([
      { name: 'page.svg', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(html.error.details.invalid_parameters).toEqual({ files: ['wrong_file_type'] });
    const script = await upload([
      {
        name: 'x.svg',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
    ]);
    expect(script.status).toBe(400);
    expect(script.error.details.invalid_parameters).toEqual({ files: ['unsafe_svg'] });
    // One refused file refuses the whole upload: the good one is not kept either.
    const good = pngImage(3, 3, 4);
    const mixed = await upload([
      { name: 'good.png', bytes: good },
      { name: 'bad.png', bytes: Buffer.from('text') },
    ]);
    expect(mixed.status).toBe(400);
    expect((await served(`/uploads/${sha256(good)}.png`)).status).toBe(404);
  });

  it('refuses a file over 5 MB with file_too_large, and answers the next request', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 1);
    pngImage(1, 1).copy(big);
    const answer = await upload([{ name: 'huge.png', bytes: big, type: 'image/png' }]);
    expect(answer.status).toBe(413);
    expect(answer.error.details.type).toBe('InvalidParameterException');
    expect(answer.error.details.invalid_parameters).toEqual({ files: ['file_too_large'] });
    expect((await served(`/uploads/${sha256(big)}.png`)).status).toBe(404);
    // The server (and the connection pool) still works.
    const list = await cmsCall(server.url, 'GET', '/cms/upload/files', { editor });
    expect(list.status).toBe(200);
    const after = await uploadOne({ name: 'after.png', bytes: pngImage(4, 4, 5) });
    expect((await served(after.url)).status).toBe(200);
  });

  it('refuses bodies without files, files in another field and bad fileInfo, with typed 400s', async () => {
    const json = await cmsCall(server.url, 'POST', '/cms/upload', {
      editor,
      body: { files: 'x' },
    });
    expect(json.status).toBe(400);
    expect(json.body.error?.details.invalid_parameters).toEqual({ files: ['required'] });
    // A JSON body shaped like a parsed form is still no form.
    const forged = await cmsCall(server.url, 'POST', '/cms/upload', {
      editor,
      body: { kind: 'upload-form', files: [{ filename: 'a.png', bytes: 'x' }], fields: {} },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error?.details.invalid_parameters).toEqual({ files: ['required'] });
    const none = await upload([]);
    expect(none.status).toBe(400);
    expect(none.error.details.invalid_parameters).toEqual({ files: ['required'] });
    const otherField = await upload([{ name: 'a.png', bytes: pngImage(2, 3) }], {
      field: 'image',
    });
    expect(otherField.status).toBe(400);
    expect(otherField.error.details.invalid_parameters).toEqual({ image: ['unknown_parameter'] });
    const badInfo = await upload([{ name: 'a.png', bytes: pngImage(2, 3) }], {
      fileInfo: [{ name: 7 }],
    });
    expect(badInfo.status).toBe(400);
    expect(badInfo.error.details.invalid_parameters).toEqual({ fileInfo: ['wrong_field'] });
    const broken = await fetch(new URL('/cms/upload', server.url), {
      method: 'POST',
      headers: {
        ...editor.headers,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as CmsAnswer['body']).error?.details.type).toBe(
      'InvalidRequestException',
    );
    // Cut inside a file part of another field: once an uncaught stream error that ended the process.
    const cut = await fetch(new URL('/cms/upload', server.url), {
      method: 'POST',
      headers: {
        ...editor.headers,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    });
    expect(cut.status).toBe(400);
    expect((await cmsCall(server.url, 'GET', '/cms/upload/files', { editor })).status).toBe(200);
  });
});

describe('GET and DELETE /cms/upload/files', () => {
  it('lists (paginated, sorted, filtered), finds one and deletes one', async () => {
    const first = await uploadOne({ name: 'list-1.png', bytes: pngImage(6, 6, 10) });
    const second = await uploadOne({ name: 'list-2.png', bytes: pngImage(6, 6, 11) });
    const list = await cmsCall(server.url, 'GET', '/cms/upload/files', { editor });
    expect(list.status).toBe(200);
    const all = list.body as unknown as FileObject[];
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((file) => file.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(all.every((file) => !('publishedAt' in file))).toBe(true);
    const page = await cmsCall(
      server.url,
      'GET',
      '/cms/upload/files?sort=id:desc&pagination[page]=1&pagination[pageSize]=1',
      { editor },
    );
    expect((page.body as unknown as FileObject[]).map((file) => file.id)).toEqual([second.id]);
    const filtered = await cmsCall(
      server.url,
      'GET',
      '/cms/upload/files?filters[name][$eq]=list-1.png',
      { editor },
    );
    expect((filtered.body as unknown as FileObject[]).map((file) => file.id)).toEqual([first.id]);
    const badQuery = await cmsCall(server.url, 'GET', '/cms/upload/files?pagination[page]=0', {
      editor,
    });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error?.details.type).toBe('InvalidParameterException');

    const one = await cmsCall(server.url, 'GET', `/cms/upload/files/${first.id}`, {
      editor,
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);

    const removed = await cmsCall(server.url, 'DELETE', `/cms/upload/files/${first.id}`, {
      editor,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(first);
    const gone = await cmsCall(server.url, 'GET', `/cms/upload/files/${first.id}`, {
      editor,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error?.details.type).toBe('MethodNotFoundException');
    expect((await served(first.url)).status).toBe(404);
    const again = await cmsCall(server.url, 'DELETE', `/cms/upload/files/${first.id}`, {
      editor,
    });
    expect(again.status).toBe(404);
    expect((await served(second.url)).status).toBe(200);
    const badId = await cmsCall(server.url, 'GET', '/cms/upload/files/abc', { editor });
    expect(badId.status).toBe(400);
    expect(badId.body.error?.details.invalid_parameters).toEqual({ id: ['wrong_field'] });
    // Uploads are not a public content type.
    expect((await cmsCall(server.url, 'GET', '/cms/upload-files')).status).toBe(404);
  });

  it('keeps the library to editors: 401 for visitors and players, 403 for other staff; the files stay public', async () => {
    const image = await uploadOne({ name: 'private-name.png', bytes: pngImage(7, 7, 13) });
    for (const target of ['/cms/upload/files', `/cms/upload/files/${image.id}`]) {
      const visitor = await cmsCall(server.url, 'GET', target);
      expect(visitor.status, target).toBe(401);
      expect(visitor.body.error?.details.type, target).toBe('AuthorizationException');
      expect(JSON.stringify(visitor.body), target).not.toContain('private-name');
      const player = await cmsCall(server.url, 'GET', target, { jwt: playerJwt });
      expect(player.status, target).toBe(401);
      expect(JSON.stringify(player.body), target).not.toContain('private-name');
      const other = await cmsCall(server.url, 'GET', target, { editor: support });
      expect(other.status, target).toBe(403);
      expect(other.body.error?.details.type, target).toBe('AccessDeniedException');
      expect(JSON.stringify(other.body), target).not.toContain('private-name');
      // HEAD answers as GET does.
      expect((await served(target, { method: 'HEAD' })).status, target).toBe(401);
      expect((await cmsCall(server.url, 'GET', target, { editor })).status, target).toBe(200);
    }
    const file = await served(image.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pngImage(7, 7, 13))).toBe(true);
  });

  it('shares one file between identical uploads; deleting one record keeps it served', async () => {
    const bytes = pngImage(9, 9, 12);
    const a = await uploadOne({ name: 'same-a.png', bytes });
    const b = await uploadOne({ name: 'same-b.png', bytes });
    expect(b.id).not.toBe(a.id);
    expect(b.url).toBe(a.url);
    expect(b.hash).toBe(a.hash);
    await cmsCall(server.url, 'DELETE', `/cms/upload/files/${a.id}`, { editor });
    const stillServed = await served(b.url);
    expect(stillServed.status).toBe(200);
    expect(Buffer.from(await stillServed.arrayBuffer()).equals(bytes)).toBe(true);
    await cmsCall(server.url, 'DELETE', `/cms/upload/files/${b.id}`, { editor });
    expect((await served(b.url)).status).toBe(404);
  });

  it('answers a typed 404 for unknown and malformed upload keys', async () => {
    for (const path of [
      `/uploads/${'0'.repeat(64)}.png`,
      `/uploads/${'0'.repeat(64)}.html`,
      '/uploads/..%2F..%2Fsecret.key',
      '/uploads/nothing',
      '/uploads/a/b',
      '/uploads/',
    ]) {
      const response = await served(path);
      expect(response.status, path).toBe(404);
      // The files' own paths are not the content backend's API: the §8 body.
      const body = (await response.json()) as { error?: { type: string } };
      expect(body.error?.type, path).toBe('MethodNotFoundException');
    }
  });
});

describe('uploads in content', () => {
  it('an uploaded image is a banner image in /cms and a menu icon url in /nfx/cms-config', async () => {
    const image = await uploadOne({ name: 'banner.png', bytes: pngImage(73, 24, 20) });
    const banner = await cmsCall(server.url, 'POST', '/cms/banners?locale=es-ES', {
      editor,
      body: { data: { title: 'Uploaded banner', image_735_240: image } },
    });
    expect(banner.status, JSON.stringify(banner.body)).toBe(201);
    const id = (banner.body.data as { id: number }).id;
    const plain = await cmsCall(server.url, 'GET', `/cms/banners/${id}`);
    expect(plain.body.data).not.toHaveProperty('image_735_240');
    const populated = await cmsCall(server.url, 'GET', `/cms/banners/${id}?populate=image_735_240`);
    expect(populated.body.data).toMatchObject({
      image_735_240: { url: image.url, width: 73, height: 24, mime: 'image/png' },
    });
    expect((await served(image.url)).status).toBe(200);

    const icon = await uploadOne({ name: 'icon.svg', bytes: SVG_ICON });
    const link = await cmsCall(server.url, 'POST', '/cms/menu-links?locale=es-ES', {
      editor,
      body: { data: { label: 'Estrella', url: '/star', order: -1, icon } },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const config = await cmsCall(server.url, 'GET', '/nfx/cms-config/es-ES');
    const menu = (config.body.commonContent as { menuLinks: { label: string; icon?: unknown }[] })
      .menuLinks;
    // §3: media fields become their url.
    expect(menu.find((item) => item.label === 'Estrella')?.icon).toBe(icon.url);
  });
});
