import type { HTTPError } from '@strapi/client';
import { HTTPNotFoundError, strapi } from '@strapi/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../demo/index.ts';
import { cmsEditor, cmsJwt, type CmsEditor } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { pngImage } from './upload-fixtures.ts';

/**
 * The official Strapi client (`@strapi/client`) against our content backend: what an operator's
 * script or a Strapi-based tool does. It sends `Content-Type: application/json` with every call
 * (an empty DELETE too), addresses entries by `documentId`, reads Strapi's error shape and
 * updates a file's info through `POST /upload?id=`. It writes as a content editor (issue #30):
 * the back-office session and the marker header, given to it as headers of every call.
 */
let server: TestServer;
let client: ReturnType<typeof strapi>;
let editor: CmsEditor;

interface Banner {
  id: number;
  documentId: string;
  title: string;
  score?: number;
  description?: { position: string };
  image_mobile?: { url: string; documentId: string };
  locale: string;
}
interface StrapiFile {
  id: number;
  documentId: string;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  url: string;
  mime: string;
}

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
  client = strapi({ baseURL: `${server.url}/cms`, headers: editor.headers });
}, 60_000);
afterAll(() => server.close());

describe('@strapi/client against /cms', () => {
  it('uploads a file, reads, updates its info and lists it', async () => {
    const png = pngImage(12, 8, 3);
    const uploaded = (await client.files.upload(png, {
      filename: 'hero.png',
      mimetype: 'image/png',
      fileInfo: { name: 'Hero', alternativeText: 'A hero', caption: 'First' },
    })) as unknown as StrapiFile[];
    expect(uploaded).toHaveLength(1);
    const [file] = uploaded;
    expect(file).toMatchObject({ name: 'Hero', alternativeText: 'A hero', mime: 'image/png' });
    expect(file!.documentId).toMatch(/^[a-z0-9]{24}$/);

    const updated = (await client.files.update(file!.id, {
      name: 'Hero, renamed',
      caption: 'Second',
    })) as unknown as StrapiFile;
    expect(updated).toMatchObject({
      id: file!.id,
      documentId: file!.documentId,
      name: 'Hero, renamed',
      alternativeText: 'A hero',
      caption: 'Second',
    });
    expect(await client.files.findOne(file!.id)).toMatchObject({
      name: 'Hero, renamed',
      caption: 'Second',
      url: file!.url,
    });
    const listed = (await client.files.find()) as unknown as StrapiFile[];
    expect(listed.map((item) => item.id)).toContain(file!.id);

    const removed = (await client.files.delete(file!.id)) as unknown as StrapiFile;
    expect(removed.id).toBe(file!.id);
    await expect(client.files.findOne(file!.id)).rejects.toBeInstanceOf(HTTPNotFoundError);
  });

  it('creates, finds, filters, sorts, paginates, populates, updates and deletes entries', async () => {
    const banners = client.collection('banners');
    const [image] = (await client.files.upload(pngImage(6, 6, 9), {
      filename: 'tile.png',
      mimetype: 'image/png',
    })) as unknown as StrapiFile[];
    const created: Banner[] = [];
    for (const [title, score] of [
      ['Client A', 30],
      ['Client B', 10],
      ['Client C', 20],
    ] as const) {
      const answer = await banners.create(
        {
          title,
          score,
          tag: 'strapi-client',
          description: { position: `pos-${score}` },
          image_mobile: image,
        },
        { locale: 'es-ES' },
      );
      created.push(answer.data as unknown as Banner);
    }
    expect(created.map((banner) => banner.documentId)).toEqual([
      expect.stringMatching(/^[a-z0-9]{24}$/),
      expect.stringMatching(/^[a-z0-9]{24}$/),
      expect.stringMatching(/^[a-z0-9]{24}$/),
    ]);
    expect(new Set(created.map((banner) => banner.documentId)).size).toBe(3);

    // List, filter, sort and paginate.
    const page = await banners.find({
      locale: 'es-ES',
      filters: { tag: { $eq: 'strapi-client' }, score: { $gte: 15 } },
      sort: ['score:desc'],
      pagination: { page: 1, pageSize: 1 },
    });
    expect((page.data as unknown as Banner[]).map((banner) => banner.title)).toEqual(['Client A']);
    expect(page.meta.pagination).toMatchObject({ page: 1, pageSize: 1, total: 2, pageCount: 2 });
    const second = await banners.find({
      locale: 'es-ES',
      filters: { tag: { $eq: 'strapi-client' } },
      sort: 'score:asc',
      pagination: { start: 1, limit: 1 },
    });
    expect((second.data as unknown as Banner[]).map((banner) => banner.title)).toEqual([
      'Client C',
    ]);

    // Strapi 5 clients also find entries by documentId.
    const byDocument = await banners.find({
      locale: 'es-ES',
      filters: { documentId: { $in: [created[0]!.documentId, created[2]!.documentId] } },
      sort: 'documentId',
    });
    expect((byDocument.data as unknown as Banner[]).map((banner) => banner.id).sort()).toEqual(
      [created[0]!.id, created[2]!.id].sort(),
    );

    // Populate: components and media only when asked for.
    const plain = (await banners.findOne(created[1]!.documentId)).data as unknown as Banner;
    expect(plain).toMatchObject({ id: created[1]!.id, title: 'Client B' });
    expect(plain).not.toHaveProperty('description');
    expect(plain).not.toHaveProperty('image_mobile');
    const populated = (
      await banners.findOne(created[1]!.documentId, {
        populate: ['description', 'image_mobile'],
      })
    ).data as unknown as Banner;
    expect(populated.description).toEqual({ position: 'pos-10' });
    expect(populated.image_mobile).toMatchObject({
      url: image!.url,
      documentId: image!.documentId,
    });
    const listedPopulated = await banners.find({
      locale: 'es-ES',
      filters: { title: { $eq: 'Client C' } },
      populate: '*',
    });
    expect((listedPopulated.data as unknown as Banner[])[0]!.description).toEqual({
      position: 'pos-20',
    });

    // Update and delete by documentId (the delete is an empty JSON-typed DELETE).
    const updated = await banners.update(created[0]!.documentId, { title: 'Client A2' });
    expect(updated.data).toMatchObject({ documentId: created[0]!.documentId, title: 'Client A2' });
    expect((await banners.findOne(String(created[0]!.id))).data).toMatchObject({
      title: 'Client A2',
    });
    for (const banner of created) await banners.delete(banner.documentId);
    const left = await banners.find({
      locale: 'es-ES',
      filters: { tag: { $eq: 'strapi-client' } },
    });
    expect(left.data).toEqual([]);
  });

  it('reads single types and users/me, each with a stable documentId', async () => {
    const site = await client.single('site-config').find({ locale: 'en-US' });
    expect(site.data).toMatchObject({ documentId: expect.stringMatching(/^[a-z0-9]{24}$/) });
    // users/me is a player's own (their JWT).
    const player = strapi({
      baseURL: `${server.url}/cms`,
      auth: await cmsJwt(server.url, DEMO_PLAYER),
    });
    const me = (await (await player.fetch('/users/me')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ username: DEMO_PLAYER.login });
    expect(me.documentId).toMatch(/^[a-z0-9]{24}$/);
    const again = (await (await player.fetch('/users/me')).json()) as Record<string, unknown>;
    expect(again.documentId).toBe(me.documentId);
  });

  it('reads failures in Strapi shape', async () => {
    const error = await client
      .collection('banners')
      .findOne('zzzzzzzzzzzzzzzzzzzzzzzz')
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(HTTPNotFoundError);
    const body = await (error as HTTPError).response.json();
    expect(body).toEqual({
      data: null,
      error: {
        status: 404,
        name: 'NotFoundError',
        message: expect.any(String),
        details: {
          type: 'MethodNotFoundException',
          code: 'method_not_found',
          message: expect.any(String),
        },
      },
    });

    const invalid = await client
      .collection('banners')
      .create({ score: 1 })
      .catch((failure: unknown) => failure);
    const refused = await (invalid as HTTPError).response.json();
    expect(refused).toMatchObject({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        details: {
          type: 'InvalidParameterException',
          invalid_parameters: { title: ['required'] },
          errors: [{ path: ['title'], message: 'required', name: 'ValidationError' }],
        },
      },
    });

    const visitor = strapi({ baseURL: `${server.url}/cms` });
    const unauthorized = await visitor
      .collection('banners')
      .create({ title: 'x' })
      .catch((failure: unknown) => failure);
    expect((unauthorized as HTTPError).response.status).toBe(401);
    expect(await (unauthorized as HTTPError).response.json()).toMatchObject({
      data: null,
      error: { status: 401, name: 'UnauthorizedError' },
    });
  });
});

describe('JSON bodies on /cms', () => {
  const send = (method: string, path: string, body: string | undefined) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...editor.headers },
      ...(body === undefined ? {} : { body }),
    });

  it('takes an empty JSON-typed DELETE, and still refuses an empty POST or PUT', async () => {
    const created = await send(
      'POST',
      '/cms/redirects',
      JSON.stringify({ data: { from_url: '/empty-delete', to_url: '/' } }),
    );
    const { data } = (await created.json()) as { data: { documentId: string } };
    expect((await send('DELETE', `/cms/redirects/${data.documentId}`, undefined)).status).toBe(200);
    expect((await send('DELETE', `/cms/redirects/${data.documentId}`, undefined)).status).toBe(404);
    for (const method of ['POST', 'PUT']) {
      const answer = await send(method, '/cms/redirects/1', '');
      expect(answer.status, method).toBe(400);
      expect(await answer.json(), method).toMatchObject({
        data: null,
        error: { status: 400, details: { type: 'InvalidRequestException' } },
      });
    }
  });

  it('keeps refusing prototype poisoning and broken JSON, on DELETE too', async () => {
    for (const [method, path] of [
      ['POST', '/cms/redirects'],
      ['PUT', '/cms/redirects/1'],
      ['DELETE', '/cms/redirects/1'],
    ] as const) {
      for (const body of [
        '{"data":{"from_url":"/p","to_url":"/"},"__proto__":{"admin":true}}',
        '{"data":{"constructor":{"prototype":{"admin":true}}}}',
        '{"data":',
      ]) {
        const answer = await send(method, path, body);
        expect(answer.status, `${method} ${body}`).toBe(400);
        expect(await answer.json(), `${method} ${body}`).toMatchObject({
          data: null,
          error: { status: 400, details: { type: 'InvalidRequestException' } },
        });
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('POST /cms/upload?id= (a file info update)', () => {
  const update = (id: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
    fetch(`${server.url}/cms/upload?id=${id}`, {
      method: 'POST',
      headers: { ...editor.headers, ...headers },
      body,
    });
  const info = (value: string) => {
    const form = new FormData();
    form.append('fileInfo', value);
    return form;
  };

  it('takes fileInfo as JSON too, and refuses what it cannot apply with typed 4xx', async () => {
    const [file] = (await client.files.upload(pngImage(3, 3, 1), {
      filename: 'x.png',
      mimetype: 'image/png',
    })) as unknown as StrapiFile[];
    const json = await update(
      file!.documentId,
      JSON.stringify({ fileInfo: { alternativeText: 'By JSON' } }),
      { 'content-type': 'application/json' },
    );
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ id: file!.id, alternativeText: 'By JSON' });

    const cases: [string, string, RequestInit['body'], number, Record<string, string[]>][] = [
      ['not JSON', String(file!.id), info('{'), 400, { fileInfo: ['wrong_field'] }],
      [
        'a name too long',
        String(file!.id),
        info(JSON.stringify({ name: 'x'.repeat(300) })),
        400,
        { fileInfo: ['max_length'] },
      ],
      ['a bad id', 'abc', info('{}'), 400, { id: ['wrong_field'] }],
      ['no fileInfo', String(file!.id), new FormData(), 400, { fileInfo: ['required'] }],
    ];
    for (const [label, id, body, status, invalid] of cases) {
      const answer = await update(id, body);
      expect(answer.status, label).toBe(status);
      expect(await answer.json(), label).toMatchObject({
        data: null,
        error: { status, details: { invalid_parameters: invalid } },
      });
    }
    const withFile = new FormData();
    withFile.append(
      'files',
      new Blob([new Uint8Array(pngImage(2, 2))], { type: 'image/png' }),
      'y.png',
    );
    const replacing = await update(String(file!.id), withFile);
    expect(replacing.status).toBe(400);
    expect(
      ((await replacing.json()) as { error: { details: object } }).error.details,
    ).toMatchObject({
      invalid_parameters: { files: ['unknown_parameter'] },
    });
    const unknown = await update('999999', info('{}'));
    expect(unknown.status).toBe(404);
    const visitor = await fetch(`${server.url}/cms/upload?id=${file!.id}`, {
      method: 'POST',
      body: info('{"name":"mine"}'),
    });
    expect(visitor.status).toBe(401);
    expect(await client.files.findOne(file!.id)).toMatchObject({
      name: 'x.png',
      alternativeText: 'By JSON',
    });
  });
});
