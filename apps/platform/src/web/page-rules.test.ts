import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redirectsResponse } from '@northstar/contract';
import { DEMO_DEPOSIT_ID, DEMO_PLAYER } from '../demo/index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { gameProviders, games } from '../db/schema/index.ts';
import { createServer } from '../server.ts';
import { cmsEditor, type CmsEditor } from '../testing/cms.ts';
import { testDatabase } from '../testing/test-database.ts';
import { cookieFetch, testConfig } from '../testing/test-server.ts';
import { MAINTENANCE_RETRY_AFTER_S } from './maintenance.ts';
import { forgetSiteState } from './site-state.ts';

/**
 * The page rules of a page's first request (page-rules.ts), each rule and their order: the
 * maintenance switch, the default locale's 301, the locale's 302, the redirect table, the
 * guards and page validation, the gamehall category middleware, slug pages, the page.
 */

const SHELL = [
  '<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Built</title>',
  '<meta name="northstar:page" content="forbidden"></head>',
  '<body><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>',
].join('');

const BUILT_SCRIPT = `console.log(${JSON.stringify('northstar '.repeat(400))});`;

let folder: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let editor: CmsEditor;
const BACKOFFICE_PAGE =
  '<!doctype html><html lang="en"><title>Back office</title><div id="root"></div></html>';
let playerCookies: Record<string, string>;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-page-rules-'));
  const indexFile = path.join(folder, 'apps/shell/dist/index.html');
  mkdirSync(path.dirname(indexFile), { recursive: true });
  writeFileSync(indexFile, SHELL);
  // A built script with the precompressed copies the build writes (tools/lib/precompress-plugin.ts).
  const script = path.join(folder, 'apps/shell/dist/main.0123456789.js');
  writeFileSync(script, BUILT_SCRIPT);
  writeFileSync(`${script}.gz`, gzipSync(BUILT_SCRIPT));
  writeFileSync(`${script}.br`, brotliCompressSync(BUILT_SCRIPT));
  // The back office's build (apps/backoffice): its page and one hashed script.
  const backoffice = path.join(folder, 'apps/backoffice/dist');
  mkdirSync(backoffice, { recursive: true });
  writeFileSync(path.join(backoffice, 'index.html'), BACKOFFICE_PAGE);
  writeFileSync(path.join(backoffice, 'main.0123456789.js'), BUILT_SCRIPT);
  database = await testDatabase();
  app = await createServer(testConfig(folder), { database, seed: false });

  // A content editor's back-office session (signed in over HTTP, as a browser would).
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  editor = await cmsEditor({ database, browser: () => cookieFetch(base) });

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login?v=2.34&locale=en-US',
    headers: { 'x-app-client': 'web/2.34' },
    payload: { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
  });
  expect(login.statusCode).toBe(200);
  playerCookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  expect(playerCookies.ns_session).toBeTruthy();
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Ask {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  method?: 'GET' | 'HEAD';
  player?: boolean;
}

function ask(url: string, options: Ask = {}): Promise<LightMyRequestResponse> {
  const cookies = { ...(options.player ? playerCookies : {}), ...options.cookies };
  const request: InjectOptions = {
    method: options.method ?? 'GET',
    url,
    headers: options.headers ?? {},
    cookies,
  };
  return app.inject(request);
}

async function cms(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: editor.headers,
    ...(data !== undefined ? { payload: { data } } : {}),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const systemPageOf = (html: string) =>
  [...html.matchAll(/<meta name="northstar:page" content="([^"]*)">/g)].map((m) => m[1]);

/** A page answer: the shell's HTML with the kind of system page it is (none for a page). */
function expectShell(response: LightMyRequestResponse, kind: string | null) {
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toContain('<div id="root"></div>');
  // The build's own meta never stands: only the server's answer names a system page.
  expect(systemPageOf(response.body)).toEqual(kind === null ? [] : [kind]);
}

function expectRedirect(response: LightMyRequestResponse, status: number, location: string) {
  expect(response.statusCode, `${response.statusCode} → ${response.headers.location}`).toBe(status);
  expect(response.headers.location).toBe(location);
}

async function setSiteConfig(data: Record<string, unknown>, locale = 'en-US') {
  const answer = await cms('PUT', `/cms/site-config?locale=${locale}`, data);
  expect(answer.status).toBe(200);
}

describe('the back office at /backoffice', () => {
  it('answers its page for every path under it, uncached, unframed, unindexed, own scripts only', async () => {
    for (const url of ['/backoffice', '/backoffice/players/42', '/backoffice/login']) {
      const response = await ask(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(BACKOFFICE_PAGE);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
    }
    const script = await ask('/backoffice/main.0123456789.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
  });
});

describe('1. the maintenance switch', () => {
  afterEach(() => setSiteConfig({ maintenance: false }));

  it('answers 503 for every page and /api, before any other rule, while /cms and assets work', async () => {
    expect((await ask('/gamehall')).statusCode).toBe(200);
    await setSiteConfig({ maintenance: true });

    // Pages, whatever rule would answer them otherwise (301, 302, 404): the maintenance page.
    for (const url of ['/', '/en-US/gamehall', '/cashier/deposit', '/no-such-page', '/x/y/z']) {
      const response = await ask(url, { headers: { 'accept-language': 'es' } });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe(String(MAINTENANCE_RETRY_AFTER_S));
      expectShell(response, 'maintenance');
    }
    const head = await ask('/gamehall', { method: 'HEAD' });
    expect(head.statusCode).toBe(503);
    expect(head.body).toBe('');
    // The page's language: its prefix.
    expect((await ask('/es-ES/gamehall')).body).toContain('<html lang="es-ES">');

    // /api: the §8 envelope, for every method.
    for (const method of ['GET', 'POST'] as const) {
      const api = await app.inject({ method, url: '/api/metadata/getgeneralinfo?v=2.34' });
      expect(api.statusCode).toBe(503);
      expect(api.headers['content-type']).toContain('application/json');
      expect(api.headers['retry-after']).toBe(String(MAINTENANCE_RETRY_AFTER_S));
      expect(api.json()).toMatchObject({
        error: { type: 'ApplicationUnavailableException', code: 'application_unavailable' },
      });
    }

    // What keeps working: the content backend, /nfx, remotes.json, missing assets stay 404.
    expect((await ask('/cms/pages?filters[slug][$eq]=about')).statusCode).toBe(200);
    expect((await ask('/nfx/i18n/locales')).statusCode).toBe(200);
    expect((await ask('/nfx/redirects')).statusCode).toBe(200);
    expect((await ask('/remotes.json')).statusCode).toBe(200);
    expect((await ask('/og/missing.png')).statusCode).toBe(404);

    // The back office and its staff methods keep working (operators run the site meanwhile).
    expect((await ask('/backoffice/withdrawals')).statusCode).toBe(200);
    const staffMe = await app.inject({ url: '/api/staff/me?v=2.34' });
    expect(staffMe.statusCode).toBe(401);
    expect(staffMe.json()).toMatchObject({ error: { type: 'AuthorizationException' } });
    const staffQueue = await app.inject({ url: '/api/cashier/staffgetwithdrawals?v=2.34' });
    expect(staffQueue.statusCode).toBe(401);

    // Staff switch it off through /cms: the next request is the site again.
    await setSiteConfig({ maintenance: false });
    expect((await ask('/gamehall')).statusCode).toBe(200);
    expect((await app.inject('/api/metadata/getgeneralinfo?v=2.34')).statusCode).toBe(200);
  });

  it('is switched by the default locale’s site-config only', async () => {
    const created = await cms('PUT', '/cms/site-config?locale=es-ES', { maintenance: true });
    expect(created.status).toBe(200);
    try {
      expect((await ask('/es-ES/gamehall')).statusCode).toBe(200);
      expect((await ask('/gamehall')).statusCode).toBe(200);
    } finally {
      await cms('PUT', '/cms/site-config?locale=es-ES', { maintenance: false });
    }
  });

  it('refuses a switch that is not a boolean', async () => {
    const answer = await cms('PUT', '/cms/site-config?locale=en-US', { maintenance: 'yes' });
    expect(answer.status).toBe(400);
    expect((await ask('/gamehall')).statusCode).toBe(200);
  });
});

describe('2. the default locale prefix', () => {
  it('answers 301 before the locale choice', async () => {
    const response = await ask('/en-US/gamehall?tab=new', {
      headers: { 'accept-language': 'es-ES' },
      cookies: { i18n_locale: 'pt-BR' },
    });
    expectRedirect(response, 301, '/gamehall?tab=new');
  });
});

describe('3. the locale', () => {
  it('sends a first visit to the browser’s language: / with Accept-Language es → /es-ES', async () => {
    const response = await ask('/', { headers: { 'accept-language': 'es' } });
    expectRedirect(response, 302, '/es-ES');
    expect(response.headers.vary).toBe('Cookie, Accept-Language');
    const spanish = await ask('/es-ES', { headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('<html lang="es-ES">');
    expect(spanish.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it('keeps the path and the query; the cookie beats the browser', async () => {
    expectRedirect(
      await ask('/gamehall?sort=new&x=%2F', {
        headers: { 'accept-language': 'es-MX,es;q=0.9' },
        cookies: { i18n_locale: 'pt-BR' },
      }),
      302,
      '/pt-BR/gamehall?sort=new&x=%2F',
    );
    expectRedirect(
      await ask('/', { headers: { 'accept-language': 'ru;q=0.5, es;q=0.8' } }),
      302,
      '/es-ES',
    );
  });

  it('leaves the default locale, an unknown language and a prefixed path where they are', async () => {
    for (const [url, headers, cookies] of [
      ['/', { 'accept-language': 'en-US,en;q=0.9' }, {}],
      ['/', { 'accept-language': 'de-DE,fr;q=0.5' }, {}],
      ['/', {}, { i18n_locale: 'en-US' }],
      ['/gamehall', { 'accept-language': 'es' }, { i18n_locale: 'en-US' }],
      ['/es-ES/gamehall', { 'accept-language': 'ru' }, { i18n_locale: 'pt-BR' }],
    ] as const) {
      const response = await ask(url, { headers, cookies });
      expect(response.statusCode, `${url} ${JSON.stringify([headers, cookies])}`).toBe(200);
    }
  });

  it('never makes a locale redirect that leaves the site', async () => {
    const response = await ask('//evil.example/x', { headers: { 'accept-language': 'es' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/es-ES/evil.example/x');
  });

  it('with the platform strategy, a signed-in player goes to the account’s locale', async () => {
    await setSiteConfig({ common: { localeDetectStrategy: 'platform' } });
    await database.db.execute(
      sql`update players set locale = 'ru-RU' where login = ${DEMO_PLAYER.login}`,
    );
    try {
      expectRedirect(
        await ask('/es-ES/gamehall?x=1', { player: true }),
        302,
        '/ru-RU/gamehall?x=1',
      );
      expectRedirect(
        await ask('/', { player: true, headers: { 'accept-language': 'es' } }),
        302,
        '/ru-RU',
      );
      expect((await ask('/ru-RU/gamehall', { player: true })).statusCode).toBe(200);
      // A visitor: the URL, then the cookie and the browser, as with the URL strategy.
      expect((await ask('/es-ES/gamehall')).statusCode).toBe(200);
      expectRedirect(await ask('/', { headers: { 'accept-language': 'es' } }), 302, '/es-ES');
    } finally {
      await database.db.execute(
        sql`update players set locale = 'en-US' where login = ${DEMO_PLAYER.login}`,
      );
      await setSiteConfig({ common: { localeDetectStrategy: 'url' } });
    }
    // Under the URL strategy the URL's locale wins, account or not.
    expect((await ask('/es-ES/gamehall', { player: true })).statusCode).toBe(200);
  });

  it('answers 500 PLUGIN:I18N: LOCALES NOT FOUND when the site has no locale', async () => {
    const saved = await database.query<{ code: string; name: string; is_default: boolean }>(
      sql`select code, name, is_default from locales`,
    );
    await database.db.execute(sql`delete from locales`);
    forgetSiteState(database);
    try {
      for (const url of ['/', '/gamehall', '/es-ES/promotions']) {
        const response = await ask(url);
        expect(response.statusCode, url).toBe(500);
        expect(response.statusMessage).toBe('PLUGIN:I18N: LOCALES NOT FOUND');
        expectShell(response, 'error');
        expect(response.body).toContain('<title>PLUGIN:I18N: LOCALES NOT FOUND</title>');
      }
    } finally {
      for (const row of saved) {
        await database.db.execute(
          sql`insert into locales (code, name, is_default) values (${row.code}, ${row.name}, ${row.is_default})`,
        );
      }
      forgetSiteState(database);
    }
    expect((await ask('/')).statusCode).toBe(200);
  });
});

describe('4. the redirect table', () => {
  const created: number[] = [];
  afterAll(async () => {
    for (const id of created) await cms('DELETE', `/cms/redirects/${id}`);
  });

  async function rule(data: Record<string, unknown>) {
    const answer = await cms('POST', '/cms/redirects', data);
    expect(answer.status).toBe(201);
    created.push((answer.body.data as { id: number }).id);
  }

  it('redirects with 301 by default and 302 when the entry says so, keeping locale and query', async () => {
    await rule({ from_url: '/old-offers', to_url: '/promotions' });
    await rule({ from_url: '/spring/*', to_url: '/promotions/*', status: 302 });
    await rule({ from_url: '/partner', to_url: 'https://partner.example/landing?ref=ns' });
    await rule({ from_url: '/cashier/old-deposit', to_url: '/cashier/deposit' });
    await rule({ from_url: '/promoções-antigas', to_url: '/promoções' });

    expectRedirect(await ask('/old-offers?x=1'), 301, '/promotions?x=1');
    expectRedirect(await ask('/es-ES/spring/easter?x=1'), 302, '/es-ES/promotions/easter?x=1');
    expectRedirect(
      await ask('/partner?utm=a'),
      301,
      'https://partner.example/landing?ref=ns&utm=a',
    );
    // The seeded wildcard rule of the demo content.
    expectRedirect(await ask('/casino/slots'), 301, '/gamehall');
    // A target that is not ASCII goes out percent-encoded, never as a 500.
    const unicode = await ask(`/${encodeURIComponent('promoções-antigas')}`);
    expect(unicode.statusCode).toBeLessThan(500);
  });

  it('runs after the locale and before the guards', async () => {
    // The locale first: the table then answers the localized path.
    expectRedirect(
      await ask('/old-offers', { headers: { 'accept-language': 'es' } }),
      302,
      '/es-ES/old-offers',
    );
    expectRedirect(await ask('/es-ES/old-offers'), 301, '/es-ES/promotions');
    // Before the guard: a visitor on a protected path that the table moves follows the table.
    expectRedirect(await ask('/cashier/old-deposit'), 301, '/cashier/deposit');
  });

  it('takes effect at once after a staff edit', async () => {
    expect((await ask('/brand-new-old-path')).statusCode).toBe(404);
    await rule({ from_url: '/brand-new-old-path', to_url: '/winners' });
    expectRedirect(await ask('/brand-new-old-path'), 301, '/winners');
  });

  it('refuses a status other than 301 or 302', async () => {
    const answer = await cms('POST', '/cms/redirects', {
      from_url: '/x-303',
      to_url: '/winners',
      status: 303,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      data: null,
      error: { status: 400, details: { invalid_parameters: { status: ['wrong_field'] } } },
    });
  });

  it('serves the whole table to the shell at /nfx/redirects', async () => {
    const response = await ask('/nfx/redirects');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = v.parse(redirectsResponse, response.json());
    expect(body.data).toEqual(
      expect.arrayContaining([
        { from_url: '/casino*', to_url: '/gamehall', status: 301 },
        { from_url: '/old-offers', to_url: '/promotions', status: 301 },
        { from_url: '/spring/*', to_url: '/promotions/*', status: 302 },
      ]),
    );
  });
});

describe('5. guards and page validation', () => {
  it('sends a visitor on a protected path to the index with redirectUrl', async () => {
    expectRedirect(await ask('/cashier/deposit'), 302, '/?redirectUrl=%2Fcashier%2Fdeposit');
    expectRedirect(
      await ask('/es-ES/profile/settings?from=mail'),
      302,
      `/es-ES?redirectUrl=${encodeURIComponent('/es-ES/profile/settings?from=mail')}`,
    );
    expectRedirect(
      await ask('/cashier/deposit', { method: 'HEAD' }),
      302,
      '/?redirectUrl=%2Fcashier%2Fdeposit',
    );
    const player = await ask('/cashier/deposit', { player: true });
    expect(player.statusCode).toBe(200);
    expectShell(player, null);
  });

  it('redirects /profile/bets and billing for a player', async () => {
    expectRedirect(
      await ask('/profile/bets?x=1', { player: true }),
      302,
      '/profile/bets/history?x=1',
    );
    expectRedirect(
      await ask('/es-ES/cashier/billing', { player: true }),
      302,
      '/es-ES/cashier/deposit',
    );
  });

  it('sends a player on the legacy /responsible-game to the profile page (issue #25)', async () => {
    const response = await ask('/pt-BR/responsible-game?x=1', { player: true });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/pt-BR/profile/responsible-game?x=1');
  });

  it('answers 404 with the shell for no route, legacy paths and params that fail', async () => {
    for (const url of [
      '/gamehall/slots/extra/segments',
      '/bets/old-page',
      '/es-ES/no/such/page',
      '/game/%2e%2e%2fx',
    ]) {
      const response = await ask(url, { player: true });
      expect(response.statusCode, url).toBe(404);
      expectShell(response, 'not-found');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
    const head = await ask('/gamehall/a/b', { method: 'HEAD' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });
});

describe('6. the gamehall category middleware', () => {
  it('sends /gamehall/{category} to the filtered game hall', async () => {
    await database.db.insert(games).values([
      { sysname: 'rules-star', name: 'Star', providerSysname: 'northstar', categories: ['slots'] },
      {
        sysname: 'rules-off',
        name: 'Off',
        providerSysname: 'northstar',
        categories: ['hidden'],
        isActive: false,
      },
    ]);
    forgetSiteState(database);
    expectRedirect(await ask('/gamehall/slots?sort=new'), 302, '/gamehall?sort=new&category=slots');
    expectRedirect(await ask('/es-ES/gamehall/slots'), 302, '/es-ES/gamehall?category=slots');
    // Not a category (or one of inactive games only): not sent on; step 7 then asks whether
    // the id is a studio (a studio's hall is the page, anything else the 404).
    expect((await ask('/gamehall/northstar')).statusCode).toBe(200);
    expect((await ask('/gamehall/book-of-stars')).statusCode).toBe(404);
    expect((await ask('/gamehall/hidden')).statusCode).toBe(404);
  });
});

describe('7. slug pages', () => {
  it('answer 404 without a published page in their locale', async () => {
    expect((await ask('/about')).statusCode).toBe(200);
    expect((await ask('/es-ES/about')).statusCode).toBe(200);
    const missing = await ask('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expectShell(missing, 'not-found');

    const english = await cms('POST', '/cms/pages?locale=en-US', {
      slug: 'only-english',
      title: 'Only English',
    });
    const draft = await cms('POST', '/cms/pages?locale=en-US', {
      slug: 'a-draft',
      title: 'Draft',
      publishedAt: null,
    });
    try {
      expect((await ask('/only-english')).statusCode).toBe(200);
      // The shell's slug page reads the page's own locale only: so does the status.
      expect((await ask('/pt-BR/only-english')).statusCode).toBe(404);
      expect((await ask('/a-draft')).statusCode).toBe(404);
    } finally {
      for (const entry of [english, draft]) {
        await cms('DELETE', `/cms/pages/${(entry.body.data as { id: number }).id}`);
      }
    }
  });
});

describe('7. game pages', () => {
  it('answer 404 for a sysname that is no game on offer, as games/get says', async () => {
    expect((await ask('/game/northstar-dice')).statusCode).toBe(200);
    expect((await ask('/es-ES/game/northstar-dice')).statusCode).toBe(200);
    const missing = await ask('/game/no-such-game');
    expect(missing.statusCode).toBe(404);
    expectShell(missing, 'not-found');
    await database.db.insert(games).values({
      sysname: 'rules-retired',
      name: 'Retired',
      providerSysname: 'northstar',
      isActive: false,
    });
    expect((await ask('/game/rules-retired')).statusCode).toBe(404);
  });
});

describe('7. jackpot pages', () => {
  it('answer 404 for an id that is no jackpot', async () => {
    expect((await ask('/jackpots/northstar-mega')).statusCode).toBe(200);
    expect((await ask('/ru-RU/jackpots/northstar-mini')).statusCode).toBe(200);
    const missing = await ask('/jackpots/no-such-jackpot');
    expect(missing.statusCode).toBe(404);
    expectShell(missing, 'not-found');
  });
});

describe('7. tournament pages', () => {
  it('answer 404 for an id that is no tournament, on the page and its game hall (issue #27)', async () => {
    const [demo] = await database.query<{ id: number }>(
      sql`select id from tournaments where tags ? 'demo' order by id limit 1`,
    );
    expect(demo).toBeDefined();
    expect((await ask(`/tournaments/${demo!.id}`)).statusCode).toBe(200);
    expect((await ask(`/es-ES/tournaments/${demo!.id}/gamehall`)).statusCode).toBe(200);
    for (const url of ['/tournaments/999999', '/tournaments/999999/gamehall']) {
      const missing = await ask(url);
      expect(missing.statusCode, url).toBe(404);
      expectShell(missing, 'not-found');
    }
  });
});

describe('7. loyalty programme pages', () => {
  it('answer 404 for a sysname that is no programme; the shop is not a programme (issue #27)', async () => {
    for (const url of [
      '/loyalty',
      '/loyalty/shop',
      '/loyalty/slot-week',
      '/es-ES/loyalty/first-deposit',
    ]) {
      expect((await ask(url)).statusCode, url).toBe(200);
    }
    const missing = await ask('/loyalty/no-such-quest');
    expect(missing.statusCode).toBe(404);
    expectShell(missing, 'not-found');
  });
});

describe('7. game hall pages', () => {
  it('answer 404 for an id that is no category, collection or studio on offer (issue #22)', async () => {
    for (const url of [
      '/gamehall/all',
      '/gamehall/favourites',
      '/gamehall/aurora',
      '/es-ES/gamehall/aurora?sort=new',
    ]) {
      const page = await ask(url);
      expect(page.statusCode, url).toBe(200);
      expectShell(page, null);
    }
    for (const url of ['/gamehall/not-a-category', '/ru-RU/gamehall/not-a-category']) {
      const missing = await ask(url);
      expect(missing.statusCode, url).toBe(404);
      expectShell(missing, 'not-found');
    }
    // A studio that is switched off is not listed by games/getProviders: its hall is gone too.
    await database.db
      .insert(gameProviders)
      .values({ sysname: 'rules-closed', name: 'Closed', type: 'casino', isActive: false });
    expect((await ask('/gamehall/rules-closed')).statusCode).toBe(404);
  });
});

describe('7. payment result pages', () => {
  it('answer 404 for a transaction that is no deposit of the signed-in player', async () => {
    const insert = (login: string) =>
      database.query<{ id: number }>(sql`
        insert into payments (player_id, kind, method, provider, currency, amount_minor, status, stages)
        select id, 'deposit', 'card', 'sandbox', 'EUR', 5000, 'pending', '[]'::jsonb
        from players where login = ${login} returning id`);
    const [own] = await insert(DEMO_PLAYER.login);
    const [other] = await database.query<{ id: number }>(sql`
      insert into payments (player_id, kind, method, provider, currency, amount_minor, status, stages)
      select id, 'deposit', 'card', 'sandbox', 'EUR', 5000, 'pending', '[]'::jsonb
      from players where login <> ${DEMO_PLAYER.login} order by id limit 1 returning id`);
    for (const page of ['paysuccess', 'payfail', 'paypending']) {
      expect((await ask(`/cashier/${page}/${own!.id}`, { player: true })).statusCode).toBe(200);
      for (const id of [other!.id, 99_999_999, '12abc', '99999999999999']) {
        const missing = await ask(`/cashier/${page}/${id}`, { player: true });
        expect(missing.statusCode, `${page}/${id}`).toBe(404);
        expectShell(missing, 'not-found');
      }
    }
    // The demo player's seeded deposit (demo/seed.ts) is one of theirs.
    expect((await ask(`/cashier/paysuccess/${DEMO_DEPOSIT_ID}`, { player: true })).statusCode).toBe(
      200,
    );
    // A pay result path without an id keeps its own page.
    expect((await ask('/cashier/paysuccess', { player: true })).statusCode).toBe(200);
  });

  it('are the cashier’s own child routes: 200 on a first load, 404 for an unknown child (#23 §3)', async () => {
    // apps/cashier/src/child-routes.ts declares them, not the central route table: the platform
    // reads them through shell-sdk's route table, before any remote code runs.
    for (const url of [
      '/cashier/paycancel',
      '/cashier/paymobile',
      '/cashier/paynewwindow?transaction=1',
      '/es-ES/cashier/payfail',
      `/pt-BR/cashier/paypending/${DEMO_DEPOSIT_ID}`,
    ]) {
      const page = await ask(url, { player: true });
      expect(page.statusCode, url).toBe(200);
      expectShell(page, null);
    }
    for (const url of [
      '/cashier/paywhatever',
      '/cashier/paycancel/1',
      '/ru-RU/cashier/paysuccess/1/extra',
    ]) {
      const missing = await ask(url, { player: true });
      expect(missing.statusCode, url).toBe(404);
      expectShell(missing, 'not-found');
    }
    // §9: a child path is guarded like its parent.
    expectRedirect(await ask('/cashier/paycancel'), 302, '/?redirectUrl=%2Fcashier%2Fpaycancel');
  });
});

describe('8. the page, and bad input', () => {
  it('answers 200 with the shell and no system page', async () => {
    const response = await ask('/gamehall');
    expect(response.statusCode).toBe(200);
    expectShell(response, null);
  });

  it('never answers 500 to odd headers, cookies or encodings', async () => {
    const cases: [string, Ask][] = [
      ['/', { headers: { 'accept-language': ';;;,q=abc,*,-,' } }],
      ['/', { headers: { 'accept-language': 'es;q=NaN, ru;q=-1, pt;q=1e400' } }],
      ['/', { headers: { 'accept-language': `${'x-'.repeat(4000)}es` } }],
      ['/', { headers: { 'accept-language': Array.from({ length: 500 }, () => 'zz').join(',') } }],
      ['/', { cookies: { i18n_locale: 'x'.repeat(3000), ns_session: 'y'.repeat(3000) } }],
      ['/', { cookies: { i18n_locale: '../../etc', ns_session: '%zz' } }],
      ['/gamehall/%ff%fe', {}],
      ['/%E0%A4%A', {}],
      ['/es-ES/%C0%AE%C0%AE', {}],
      ['/game/%00', {}],
      ['/cashier/%zz?redirectUrl=%zz', {}],
      [`/${'a'.repeat(5000)}`, {}],
      ['/?a=%zz&b=\u00ff', { headers: { 'accept-language': 'es' } }],
    ];
    for (const [url, options] of cases) {
      const response = await ask(url, options);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('the page answer on the wire', () => {
  it('is brotli- or gzip-compressed as the browser accepts, and says it varies by encoding', async () => {
    const plain = await ask('/gamehall');
    const zipped = await ask('/gamehall', { headers: { 'accept-encoding': 'gzip, deflate' } });
    const brotlied = await ask('/gamehall', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(brotlied.headers['content-encoding']).toBe('br');
    expect(String(zipped.headers.vary)).toContain('Accept-Encoding');
    // Each answer has its own nonce; the pages are otherwise the same.
    const sameNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(sameNonce(gunzipSync(zipped.rawPayload).toString('utf8'))).toBe(sameNonce(plain.body));
    expect(sameNonce(brotliDecompressSync(brotlied.rawPayload).toString('utf8'))).toBe(
      sameNonce(plain.body),
    );
  });
});

describe('built assets on the wire', () => {
  it("are sent as the build's brotli or gzip copy, as the browser accepts", async () => {
    const ask = (encoding: string) =>
      app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': encoding } });
    const brotlied = await ask('gzip, deflate, br');
    const zipped = await ask('gzip, deflate');
    const plain = await ask('identity');
    expect(brotlied.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotlied.rawPayload).toString('utf8')).toBe(BUILT_SCRIPT);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(BUILT_SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUILT_SCRIPT);
  });
});

/** One directive of an answer's Content-Security-Policy. */
function directive(response: LightMyRequestResponse, name: string): string | undefined {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));
}

describe("the pages' Content-Security-Policy", () => {
  afterEach(() =>
    setSiteConfig({ maintenance: false, embedOrigins: [], contentSecurityPolicy: {} }),
  );

  it("runs only the platform's own scripts: each page's script tags carry that answer's nonce", async () => {
    const first = await ask('/gamehall');
    const second = await ask('/gamehall');
    const nonce = /'nonce-([^']+)'/.exec(directive(first, 'script-src') ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directive(first, 'script-src')).toContain("'strict-dynamic'");
    expect(directive(first, 'object-src')).toBe("object-src 'none'");
    expect(directive(first, 'base-uri')).toBe("base-uri 'self'");
    // A fresh nonce per answer, and the page's own script carries it.
    expect(directive(second, 'script-src')).not.toContain(nonce);
    expect(first.body).toContain(`<script nonce="${nonce}" defer src="/main.0123456789.js">`);
  });

  it("gives the operator's custom code the nonce, as every executable script of the page", async () => {
    const custom = await cms('POST', '/cms/custom-codes?locale=en-US', {
      isEnabled: true,
      position: 'head',
      code: '<script>window.dataLayer = [];</script>',
    });
    expect(custom.status).toBeLessThan(300);
    const page = await ask('/gamehall');
    const nonce = /'nonce-([^']+)'/.exec(directive(page, 'script-src') ?? '')?.[1];
    expect(page.body).toContain(`<script nonce="${nonce}">window.dataLayer = [];</script>`);
    // Every executable script of the page has the nonce; JSON data blocks never run anyway.
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts) {
      if (/type="application\/(?:ld\+)?json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    await cms('DELETE', `/cms/custom-codes/${(custom.body as { data: { id: number } }).data.id}`);
  });

  it("takes the operator's extra origins from the site config, and nothing that is not an origin", async () => {
    await setSiteConfig({
      contentSecurityPolicy: {
        connectSrc: ['https://analytics.example', "'unsafe-eval'", 'https://x.example/path'],
        frameSrc: ['https://chat.example'],
      },
    });
    const page = await ask('/');
    expect(directive(page, 'connect-src')).toBe("connect-src 'self' https://analytics.example");
    expect(directive(page, 'frame-src')).toBe("frame-src 'self' https://chat.example");
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval');
  });

  it("adds the live chat provider's sources when the support settings name one (issue #30)", async () => {
    const crisp = await cms('PUT', '/cms/support-settings', {
      chat: 'crisp',
      config: { crisp: { id: 'website-1' } },
    });
    expect(crisp.status).toBe(200);
    const page = await ask('/');
    expect(directive(page, 'connect-src')).toBe(
      "connect-src 'self' https://*.crisp.chat wss://*.crisp.chat",
    );
    expect(directive(page, 'frame-src')).toBe("frame-src 'self' https://*.crisp.chat");
    // The demo's own chat (the seed's) needs nothing beyond the site.
    const ours = await cms('PUT', '/cms/support-settings', {
      chat: 'northstar',
      config: { northstar: { id: 'northstar' } },
    });
    expect(ours.status).toBe(200);
    expect(directive(await ask('/'), 'connect-src')).toBe("connect-src 'self'");
  });

  it('report-only when the operator asks: the policy is reported, frame-ancestors still enforced', async () => {
    await setSiteConfig({ contentSecurityPolicy: { reportOnly: true } });
    const page = await ask('/');
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(String(page.headers['content-security-policy-report-only'])).toContain(
      "'strict-dynamic'",
    );
  });
});

describe('who may frame a page (§2 embedded forms)', () => {
  afterEach(() => setSiteConfig({ maintenance: false, embedOrigins: [] }));

  it('the sign-in and sign-up forms: this site and the configured embedding sites; every other page: this site only', async () => {
    // A list with something that is not a URL is refused as a whole by the content backend.
    const refused = await cms('PUT', '/cms/site-config?locale=en-US', {
      embedOrigins: ['https://partner.example', 'not a url'],
    });
    expect(refused.status).toBe(400);
    expect(directive(await ask('/forms/sign_in'), 'frame-ancestors')).toBe(
      "frame-ancestors 'self'",
    );
    await setSiteConfig({ embedOrigins: ['https://partner.example', 'http://localhost:8080/'] });
    for (const url of ['/forms/sign_in', '/es-ES/forms/sign_up']) {
      expect(directive(await ask(url), 'frame-ancestors'), url).toBe(
        "frame-ancestors 'self' https://partner.example http://localhost:8080",
      );
    }
    for (const url of ['/', '/gamehall', '/es-ES/promotions', '/no-such-page']) {
      expect(directive(await ask(url), 'frame-ancestors'), url).toBe("frame-ancestors 'self'");
    }
  });
});
