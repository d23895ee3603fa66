import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_TYPE_NAMES } from '@northstar/errors';
import { cmsEditor, typedError, type CmsEditor } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { CONTENT_TYPES } from './types.ts';

/**
 * The fuzz test of the application API, extended to the content backend and `/nfx`: malformed
 * queries, bodies and paths, from a fixed seed, always get a typed 4xx (or a valid answer).
 */
let server: TestServer;
let editor: CmsEditor;
beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
}, 60_000);
afterAll(() => server.close());

const known = new Set<string>(ERROR_TYPE_NAMES);
const types = [...CONTENT_TYPES.keys()];

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '💥🎰',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999',
    '__proto__',
    'constructor',
    '$where',
    '*',
    '',
    '%00',
    '[]',
  ),
  fc.integer().map(String),
  // Dates past what PostgreSQL stores (JavaScript reaches year ±275760) and other odd ones.
  fc.constantFrom(
    '275760-09-13',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20',
    '10000-01-01',
    '0000-12-31',
    '2024-02-30',
    '2026-01-01T25:00:00Z',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);
/** A date column: the filters compare them as instants. */
const dateKey = fc.constantFrom('createdAt', 'updatedAt', 'publishedAt');
const key = fc.oneof(
  fc.constantFrom(
    'title',
    'url',
    'label',
    'id',
    'locale',
    'createdAt',
    'updatedAt',
    'publishedAt',
    '__proto__',
    'data.x',
    'order',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const operator = fc.oneof(
  fc.constantFrom(
    '$eq',
    '$ne',
    '$in',
    '$notIn',
    '$contains',
    '$containsi',
    '$startsWith',
    '$lt',
    '$lte',
    '$gt',
    '$gte',
    '$null',
    '$and',
    '$or',
    '$regex',
    '$',
  ),
  fc.string({ maxLength: 8 }),
);
const queryPart = fc.oneof(
  fc
    .tuple(key, operator, junk)
    .map(([k, op, v]) => `filters[${k}][${op}]=${encodeURIComponent(v)}`),
  fc
    .tuple(key, fc.nat(3), junk)
    .map(([k, i, v]) => `filters[$or][${i}][${k}][$eq]=${encodeURIComponent(v)}`),
  fc
    .tuple(dateKey, fc.constantFrom('$eq', '$ne', '$lt', '$lte', '$gt', '$gte'), junk)
    .map(([k, op, v]) => `filters[${k}][${op}]=${encodeURIComponent(v)}`),
  fc
    .tuple(dateKey, fc.constantFrom('$in', '$notIn', '$between'), junk, junk)
    .map(
      ([k, op, a, b]) =>
        `filters[${k}][${op}][0]=${encodeURIComponent(a)}&filters[${k}][${op}][1]=${encodeURIComponent(b)}`,
    ),
  fc
    .tuple(fc.constantFrom('page', 'pageSize', 'start', 'limit', 'withCount'), junk)
    .map(([k, v]) => `pagination[${k}]=${encodeURIComponent(v)}`),
  junk.map((v) => `sort=${encodeURIComponent(v)}`),
  fc.tuple(fc.nat(2), junk).map(([i, v]) => `sort[${i}]=${encodeURIComponent(v)}`),
  junk.map((v) => `populate=${encodeURIComponent(v)}`),
  fc
    .tuple(junk, junk)
    .map(([a, b]) => `populate[${encodeURIComponent(a)}][populate]=${encodeURIComponent(b)}`),
  junk.map((v) => `fields=${encodeURIComponent(v)}`),
  junk.map((v) => `locale=${encodeURIComponent(v)}`),
  fc.tuple(junk, junk).map(([a, b]) => `${encodeURIComponent(a)}=${encodeURIComponent(b)}`),
  fc.constant('filters[a][b][c][d][e][f][g][h][i][j][k]=1'),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

async function expectTyped(response: Response, label: string) {
  expect(response.status, label).toBeLessThan(500);
  const text = await response.text();
  if (response.status >= 400) {
    expect(
      known.has(typedError(JSON.parse(text))?.type ?? ''),
      `${label}: ${text.slice(0, 200)}`,
    ).toBe(true);
  }
}

describe('fuzz: the content backend and /nfx never answer a 500 to bad input', () => {
  it('reads with malformed queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...types), junk.map(encodeURIComponent)),
        fc.array(queryPart, { maxLength: 5 }),
        fc.option(junk, { nil: undefined }),
        async (type, parts, id) => {
          const path = `/cms/${type}${id === undefined ? '' : `/${encodeURIComponent(id)}`}?${parts.join('&')}`;
          await expectTyped(await fetch(new URL(path, server.url)), `GET ${path}`);
        },
      ),
      { seed: 20261121, numRuns: 400, endOnFailure: true },
    );
  }, 120_000);

  it('writes malformed bodies as staff', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...types),
        fc.constantFrom('POST', 'PUT', 'DELETE'),
        fc.oneof(
          jsonValue.map((value) => JSON.stringify({ data: value })),
          jsonValue.map((value) => JSON.stringify(value)),
          fc.string({ maxLength: 50 }),
          fc.dictionary(key, jsonValue, { maxKeys: 4 }).map((data) => JSON.stringify({ data })),
          fc
            .tuple(fc.dictionary(key, jsonValue, { maxKeys: 2 }), fc.oneof(junk, jsonValue))
            .map(([data, publishedAt]) => JSON.stringify({ data: { ...data, publishedAt } })),
        ),
        fc.option(junk, { nil: undefined }),
        async (type, method, body, id) => {
          const target =
            method === 'POST' ? `/cms/${type}` : `/cms/${type}/${encodeURIComponent(id ?? '1')}`;
          const response = await fetch(new URL(target, server.url), {
            method,
            headers: { 'content-type': 'application/json', ...editor.headers },
            ...(method === 'DELETE' ? {} : { body }),
          });
          await expectTyped(response, `${method} ${target} ${body.slice(0, 120)}`);
        },
      ),
      { seed: 20261122, numRuns: 300, endOnFailure: true },
    );
  }, 120_000);

  it('filters and writes dates of the whole JavaScript range', async () => {
    // Dates from year -271821 to 275760 (JavaScript's range, most far past PostgreSQL's) and the
    // odd ones of `junk`: a typed 400 when the database cannot hold them, never a 500.
    const date = fc.oneof(
      fc.date({ noInvalidDate: true }).map((value) => value.toISOString()),
      fc.integer({ min: -300_000, max: 300_000 }).map((year) => `${year}-01-01`),
      junk,
    );
    const created = await fetch(new URL('/cms/redirects', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor.headers },
      body: JSON.stringify({ data: { from_url: '/fuzz-dates', to_url: '/' } }),
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...types),
        dateKey,
        fc.constantFrom('$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between'),
        date,
        date,
        fc.constantFrom('POST', 'PUT'),
        async (type, column, op, a, b, method) => {
          const list = ['$in', '$notIn', '$between'].includes(op);
          const filter = list
            ? `filters[${column}][${op}][0]=${encodeURIComponent(a)}&filters[${column}][${op}][1]=${encodeURIComponent(b)}`
            : `filters[${column}][${op}]=${encodeURIComponent(a)}`;
          const read = `/cms/${type}?${filter}`;
          await expectTyped(await fetch(new URL(read, server.url)), `GET ${read}`);
          const target = method === 'POST' ? '/cms/redirects' : `/cms/redirects/${id}`;
          const body = JSON.stringify({
            data: {
              ...(method === 'POST' ? { from_url: '/fuzz-dates-2', to_url: '/' } : {}),
              publishedAt: a,
            },
          });
          const write = await fetch(new URL(target, server.url), {
            method,
            headers: { 'content-type': 'application/json', ...editor.headers },
            body,
          });
          await expectTyped(write, `${method} ${target} ${body}`);
        },
      ),
      { seed: 20261127, numRuns: 200, endOnFailure: true },
    );
  }, 120_000);

  it('answers junk on the auth routes and /nfx', async () => {
    const routes = [
      '/cms/auth/local',
      '/cms/auth/local/register',
      '/cms/auth/forgot-password',
      '/cms/auth/reset-password',
      '/cms/auth/change-password',
      '/cms/auth/send-email-confirmation',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          jsonValue.map((v) => JSON.stringify(v)),
          fc.string({ maxLength: 40 }),
        ),
        fc.oneof(junk, fc.constantFrom('es-ES', 'en-US')),
        fc.option(junk, { nil: undefined }),
        async (route, body, locale, token) => {
          const response = await fetch(new URL(route, server.url), {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token === undefined
                ? {}
                : { authorization: `Bearer ${encodeURIComponent(token)}` }),
            },
            body,
          });
          await expectTyped(response, `POST ${route} ${body.slice(0, 120)}`);
          for (const nfx of [
            `/nfx/cms-config/${encodeURIComponent(locale)}`,
            `/nfx/i18n/messages/${encodeURIComponent(locale)}?compiled=${encodeURIComponent(locale)}`,
          ]) {
            await expectTyped(await fetch(new URL(nfx, server.url)), `GET ${nfx}`);
          }
          const me = await fetch(new URL('/cms/users/me?populate=*', server.url), {
            headers:
              token === undefined ? {} : { authorization: `Bearer ${encodeURIComponent(token)}` },
          });
          await expectTyped(me, 'GET /cms/users/me');
        },
      ),
      { seed: 20261123, numRuns: 150, endOnFailure: true },
    );
  }, 120_000);

  it('answers junk on the social sign-in routes', async () => {
    const provider = fc.oneof(fc.constantFrom('google', 'facebook', 'local', 'github'), junk);
    const param = (name: string) =>
      fc.oneof(
        junk.map((v) => `${name}=${encodeURIComponent(v)}`),
        fc
          .tuple(junk, junk)
          .map(([a, b]) => `${name}=${encodeURIComponent(a)}&${name}=${encodeURIComponent(b)}`),
        fc.constant(`${name}[]=1`),
        fc.constant(''),
      );
    const redirect = fc.oneof(
      param('redirect_url'),
      fc
        .constantFrom(
          '//evil.example',
          'https://evil.example',
          '/\\evil',
          '/ok',
          '/cms/connect/google/callback',
        )
        .map((v) => `redirect_url=${encodeURIComponent(v)}&redirect_uri=${encodeURIComponent(v)}`),
    );
    const query = fc
      .array(
        fc.oneof(
          param('access_token'),
          param('code'),
          param('code_challenge'),
          param('code_verifier'),
          param('state'),
          param('error'),
          param('service'),
          param('type_auth'),
          param('redirect_uri'),
          redirect,
        ),
        { maxLength: 5 },
      )
      .map((parts) => parts.filter(Boolean).join('&'));
    const path = fc
      .tuple(
        provider.map(encodeURIComponent),
        fc.constantFrom(
          (p: string) => `/cms/connect/${p}`,
          (p: string) => `/cms/connect/${p}/callback`,
          (p: string) => `/cms/auth/${p}/callback`,
          () => '/oauth/init',
          (p: string) => `/oauth/${p}/callback`,
          (p: string) => `/sandbox/oauth/${p}/authorize`,
        ),
      )
      .map(([p, route]) => route(p));
    await fc.assert(
      fc.asyncProperty(path, query, fc.boolean(), async (route, search, asForm) => {
        const target = new URL(`${route}?${search}`, server.url);
        // The consent form's POST takes the same fields as a form body.
        const response = await fetch(
          asForm && route.startsWith('/sandbox/') ? new URL(route, server.url) : target,
          asForm && route.startsWith('/sandbox/')
            ? { method: 'POST', body: new URLSearchParams(search), redirect: 'manual' }
            : { redirect: 'manual' },
        );
        const label = `${asForm ? 'POST' : 'GET'} ${route}?${search}`;
        if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
          // Only the consent page itself, or that page again with a field error.
          expect([200, 400], label).toContain(response.status);
          await response.body?.cancel();
          return;
        }
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get('location') ?? '';
          expect(location.startsWith('/') && !location.startsWith('//'), label).toBe(true);
          await response.body?.cancel();
          return;
        }
        await expectTyped(response, label);
      }),
      { seed: 20261124, numRuns: 300, endOnFailure: true },
    );
  }, 120_000);
});

// --- media uploads (upload.ts) ----------------------------------------------------------------
// Malformed multipart bodies on POST /cms/upload, junk queries on the file list, junk ids and keys:
// always a typed 4xx (or a valid answer), never a 500 or a hung request.

const boundary = fc.constantFrom('xyz', 'a'.repeat(70), '', '--', 'b"q', 'é');
const disposition = fc.oneof(
  fc.constantFrom(
    'form-data; name="files"; filename="a.png"',
    'form-data; name="fileInfo"',
    'form-data; name="files"',
    'form-data; name="__proto__"; filename="x"',
    'form-data; name="files"; filename*=UTF-8\'\'%E2%82%AC.png',
    'attachment',
    '',
  ),
  fc.string({ maxLength: 40 }),
);
const partBody = fc.oneof(
  fc.constantFrom(
    '\x89PNG\r\n\x1a\n',
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '<svg onload="x()"/>',
    '{"name":1}',
    '[{"alternativeText":null},{}]',
    '{',
    'GIF89a',
  ),
  fc.string({ maxLength: 60 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);
const multipartBody = fc
  .tuple(
    boundary,
    fc.array(fc.tuple(disposition, partBody, fc.boolean()), { maxLength: 4 }),
    fc.boolean(),
  )
  .map(([b, parts, closed]) => {
    const body = parts
      .map(
        ([d, content, typed]) =>
          `--${b}\r\nContent-Disposition: ${d}\r\n${typed ? 'Content-Type: image/png\r\n' : ''}\r\n${content}\r\n`,
      )
      .join('');
    return { boundary: b, body: Buffer.from(closed ? `${body}--${b}--\r\n` : body, 'latin1') };
  });

describe('fuzz: media uploads never answer a 500 to bad input', () => {
  it('reads malformed multipart bodies as staff', async () => {
    await fc.assert(
      fc.asyncProperty(
        multipartBody,
        fc.constantFrom(
          (b: string) => `multipart/form-data; boundary=${b}`,
          (b: string) => `multipart/form-data; boundary="${b}"`,
          () => 'multipart/form-data',
          () => 'application/octet-stream',
          () => 'text/plain',
        ),
        async ({ boundary: b, body }, contentType) => {
          const response = await fetch(new URL('/cms/upload', server.url), {
            method: 'POST',
            headers: { 'content-type': contentType(b), ...editor.headers },
            body,
          });
          await expectTyped(response, `POST /cms/upload ${body.toString('latin1').slice(0, 120)}`);
        },
      ),
      { seed: 20261124, numRuns: 200, endOnFailure: true },
    );
  }, 120_000);

  it('reads JSON bodies shaped any way on the upload route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          jsonValue,
          fc.dictionary(fc.constantFrom('files', 'fileInfo', 'kind', 'fields'), jsonValue),
        ),
        async (value) => {
          const response = await fetch(new URL('/cms/upload', server.url), {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...editor.headers },
            body: JSON.stringify(value),
          });
          await expectTyped(response, `POST /cms/upload ${JSON.stringify(value).slice(0, 120)}`);
        },
      ),
      { seed: 20261126, numRuns: 100, endOnFailure: true },
    );
  }, 120_000);

  it('answers junk queries, ids and keys on the upload routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(queryPart, { maxLength: 4 }),
        junk,
        fc.oneof(
          junk,
          fc
            .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })
            .map((h) => `${h}.png`),
        ),
        async (parts, id, key) => {
          // The library as staff (past the sign-in check), the files as anyone.
          const staff = { headers: editor.headers };
          for (const target of [
            `/cms/upload/files?${parts.join('&')}`,
            `/cms/upload/files/${encodeURIComponent(id)}?${parts.join('&')}`,
          ]) {
            await expectTyped(await fetch(new URL(target, server.url), staff), `GET ${target}`);
          }
          const file = `/uploads/${encodeURIComponent(key)}`;
          await expectTyped(await fetch(new URL(file, server.url)), `GET ${file}`);
          const removal = await fetch(
            new URL(`/cms/upload/files/${encodeURIComponent(id)}`, server.url),
            { method: 'DELETE', headers: editor.headers },
          );
          await expectTyped(removal, `DELETE /cms/upload/files/${id}`);
        },
      ),
      { seed: 20261125, numRuns: 150, endOnFailure: true },
    );
  }, 120_000);
});
