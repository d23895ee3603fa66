import { expect, request as playwrightRequest, test, type APIResponse } from '@playwright/test';
import { startPlatform, type RunningPlatform } from '../../tools/lib/platform-process.ts';
import { staffAuth } from '../support/accounts.ts';

/**
 * The status a page's first request answers (apps/platform/src/web/page-rules.ts): the server
 * applies the shell's own rules, so a crawler, a link checker or a proxy sees 302, 301, 404 and
 * 503 where the shell would show a redirect, a not-found or the maintenance page.
 */

const systemPageOf = (html: string) =>
  /<meta name="northstar:page" content="([^"]*)">/.exec(html)?.[1] ?? null;

async function expectShellPage(response: APIResponse, status: number, kind: string | null) {
  expect(response.status()).toBe(status);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  expect(html).toContain('<div id="root">');
  expect(systemPageOf(html)).toBe(kind);
}

test('a visitor on a protected page is sent to the index with redirectUrl (302)', async ({
  request,
}) => {
  const response = await request.get('/cashier/deposit', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/?redirectUrl=%2Fcashier%2Fdeposit');
});

test('a visitor on bets or responsible-game paths is sent to the index with redirectUrl (302)', async ({
  request,
}) => {
  for (const [path, location] of [
    ['/responsible-game', '/?redirectUrl=%2Fresponsible-game'],
    ['/bets/history?x=1', '/?redirectUrl=%2Fbets%2Fhistory%3Fx%3D1'],
    ['/es-ES/bets', '/es-ES?redirectUrl=%2Fes-ES%2Fbets'],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location).toBe(location);
  }
});

test('unknown paths, slugs without a page and invalid ids answer 404 with the shell', async ({
  request,
}) => {
  for (const path of [
    '/gamehall/no/such/page',
    '/no-such-content-page',
    // §2 a page whose validation fails answers 404 with the path.
    '/tournaments/not-a-valid-id',
    '/tournaments/not-a-valid-id/gamehall',
    '/es-ES/promotions/%3Cscript%3E',
    '/offers/0',
    '/jackpots/%3Cx%3E',
  ]) {
    await test.step(path, async () => {
      await expectShellPage(await request.get(path, { maxRedirects: 0 }), 404, 'not-found');
    });
  }
  // A slug with its page is the page.
  await expectShellPage(await request.get('/about', { maxRedirects: 0 }), 200, null);
});

test('/gamehall/{category} answers 302 to the game hall filtered by it', async ({ request }) => {
  const response = await request.get('/gamehall/slots?sort=new', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/gamehall?sort=new&category=slots');
  // Not a category: a studio's hall or a collection is the page…
  for (const path of ['/gamehall/aurora', '/gamehall/all']) {
    await expectShellPage(await request.get(path, { maxRedirects: 0 }), 200, null);
  }
  // …and any other id the 404 page, with its status (§2, issue #22).
  await expectShellPage(
    await request.get('/gamehall/not-a-category', { maxRedirects: 0 }),
    404,
    'not-found',
  );
});

test('a first visit lands in the browser’s or the remembered language (302)', async ({
  request,
}) => {
  const spanish = await request.get('/', {
    maxRedirects: 0,
    headers: { 'Accept-Language': 'es' },
  });
  expect(spanish.status()).toBe(302);
  expect(spanish.headers().location).toBe('/es-ES');
  expect(spanish.headers().vary).toBe('Cookie, Accept-Language');

  const remembered = await request.get('/', {
    maxRedirects: 0,
    headers: { 'Accept-Language': 'es', Cookie: 'i18n_locale=pt-BR' },
  });
  expect(remembered.status()).toBe(302);
  expect(remembered.headers().location).toBe('/pt-BR');

  // The Spanish home is Spanish; English browsers stay on the bare path.
  const landed = await request.get('/es-ES', { headers: { 'Accept-Language': 'es' } });
  expect(landed.status()).toBe(200);
  expect(await landed.text()).toContain('<html lang="es-ES"');
  const english = await request.get('/', {
    maxRedirects: 0,
    headers: { 'Accept-Language': 'en-US,en;q=0.9' },
  });
  expect(english.status()).toBe(200);
});

test.describe('the redirect table', () => {
  // Unique paths: the shared platform serves every spec at once.
  const tag = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const created: number[] = [];

  test.afterAll(async ({ request }) => {
    const auth = await staffAuth(request);
    for (const id of created) {
      expect((await request.delete(`/cms/redirects/${id}`, { headers: auth })).ok()).toBe(true);
    }
  });

  test('answers 301, or 302 when the entry says so, keeping the query', async ({ request }) => {
    const auth = await staffAuth(request);
    for (const data of [
      { from_url: `/${tag}-moved`, to_url: '/promotions' },
      { from_url: `/${tag}-for-now/*`, to_url: '/tournaments/*', status: 302 },
    ]) {
      const answer = await request.post('/cms/redirects', { headers: auth, data: { data } });
      expect(answer.status()).toBe(201);
      created.push(((await answer.json()) as { data: { id: number } }).data.id);
    }

    const permanent = await request.get(`/${tag}-moved?ref=mail`, { maxRedirects: 0 });
    expect(permanent.status()).toBe(301);
    expect(permanent.headers().location).toBe('/promotions?ref=mail');

    const temporary = await request.get(`/es-ES/${tag}-for-now/spring`, { maxRedirects: 0 });
    expect(temporary.status()).toBe(302);
    expect(temporary.headers().location).toBe('/es-ES/tournaments/spring');

    // The shell's client routing reads the same table.
    const table = await request.get('/nfx/redirects');
    expect(table.ok()).toBe(true);
    expect(((await table.json()) as { data: unknown[] }).data).toEqual(
      expect.arrayContaining([
        { from_url: `/${tag}-moved`, to_url: '/promotions', status: 301 },
        { from_url: `/${tag}-for-now/*`, to_url: '/tournaments/*', status: 302 },
      ]),
    );
  });
});

test.describe('the maintenance switch', () => {
  // The switch turns the whole site off: a platform of its own, never the shared one.
  let platform: RunningPlatform;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    platform = await startPlatform();
  });
  test.afterAll(async () => {
    await platform?.stop();
  });

  test('answers 503 for pages and the API while /cms still works', async () => {
    const api = await playwrightRequest.newContext({ baseURL: platform.url });
    try {
      const auth = await staffAuth(api);
      const set = (maintenance: boolean) =>
        api.put('/cms/site-config?locale=en-US', {
          headers: auth,
          data: { data: { maintenance } },
        });
      expect((await set(true)).ok()).toBe(true);

      for (const path of ['/', '/gamehall', '/cashier/deposit', '/es-ES/promotions']) {
        const page = await api.get(path, { maxRedirects: 0 });
        await expectShellPage(page, 503, 'maintenance');
        expect(Number(page.headers()['retry-after'])).toBeGreaterThan(0);
      }
      const call = await api.get('/api/metadata/getgeneralinfo?v=2.34&locale=en-US');
      expect(call.status()).toBe(503);
      expect(((await call.json()) as { error: { type: string } }).error.type).toBe(
        'ApplicationUnavailableException',
      );
      expect((await api.get('/cms/pages?filters[slug][$eq]=about')).status()).toBe(200);
      expect((await api.get('/remotes.json')).status()).toBe(200);

      // Staff switch it off through /cms, which kept working.
      expect((await set(false)).ok()).toBe(true);
      await expectShellPage(await api.get('/gamehall', { maxRedirects: 0 }), 200, null);
      expect((await api.get('/api/metadata/getgeneralinfo?v=2.34&locale=en-US')).status()).toBe(
        200,
      );
    } finally {
      await api.dispose();
    }
  });
});
