import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_TYPE_NAMES } from '@northstar/errors';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { CONTENT_TYPES } from './types.ts';

/**
 * The fuzz test of the application API, extended to the content backend and `/nfx`: malformed
 * queries, bodies and paths, from a fixed seed, always get a typed 4xx (or a valid answer).
 */
let server: TestServer;
let staffJwt: string;
beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(new URL('/cms/auth/local', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'staff@northstar.test', password: 'NorthstarStaff1' }),
  });
  staffJwt = ((await response.json()) as { jwt: string }).jwt;
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
);
const key = fc.oneof(
  fc.constantFrom(
    'title',
    'url',
    'label',
    'id',
    'locale',
    'createdAt',
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
    const body = JSON.parse(text) as { error?: { type?: string } };
    expect(known.has(body.error?.type ?? ''), `${label}: ${text.slice(0, 200)}`).toBe(true);
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
        ),
        fc.option(junk, { nil: undefined }),
        async (type, method, body, id) => {
          const target =
            method === 'POST' ? `/cms/${type}` : `/cms/${type}/${encodeURIComponent(id ?? '1')}`;
          const response = await fetch(new URL(target, server.url), {
            method,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${staffJwt}` },
            ...(method === 'DELETE' ? {} : { body }),
          });
          await expectTyped(response, `${method} ${target} ${body.slice(0, 120)}`);
        },
      ),
      { seed: 20261122, numRuns: 300, endOnFailure: true },
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
});
