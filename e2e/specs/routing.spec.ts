import { readFileSync } from 'node:fs';
import { toBeStarted } from '../support/hydration.ts';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsDemo, staffAuth } from '../support/accounts.ts';
import {
  isProtectedEntry,
  landingFor,
  LEGACY_ROUTE_IDS,
  ROUTE_MANIFEST,
  samplePath,
} from '../support/routes.ts';
import { isPlaywrightNotice } from '../support/console.ts';

/**
 * §2 routing in the browser: the guards and redirects on a page's first load and on client-side
 * navigation, the return after sign-in, the redirect table, the gamehall category middleware,
 * not-found, open-redirect vectors, the page-wide query parameters and the `/_icons` sprite.
 */

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * A client-side navigation to `url`, as the router sees a link or the back button: the URL is
 * pushed behind the current one and the browser goes back to it (a popstate the router handles
 * without loading the page).
 */
async function clientNavigate(page: Page, url: string): Promise<void> {
  await toBeStarted(page);
  await page.evaluate((target) => {
    const here = location.pathname + location.search + location.hash;
    history.pushState(null, '', target);
    history.pushState(null, '', here);
    history.back();
  }, url);
}

/** Marks the document so a test can tell a client-side navigation from a page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
  );
}

const protectedCases = ROUTE_MANIFEST.filter(
  (entry) => isProtectedEntry(entry) && (!entry.prefixed || entry.locale === 'es-ES'),
);

/**
 * One route of each remote, with and without a locale prefix, walks the whole way in the browser;
 * the server's guard answers every other the same (checked over HTTP, no page needed).
 */
const walkedCases = protectedCases.filter(
  (entry, index) =>
    protectedCases.findIndex((e) => e.owner === entry.owner && e.prefixed === entry.prefixed) ===
    index,
);

test.describe('a visitor on a protected route', () => {
  test('every protected route answers a visitor with a 302 to the index with redirectUrl', async ({
    request,
  }) => {
    expect(protectedCases.length).toBeGreaterThan(20);
    for (const entry of protectedCases) {
      const url = samplePath(entry.path);
      const answer = await request.get(`${url}?from=e2e`, { maxRedirects: 0 });
      expect(answer.status(), url).toBe(302);
      const location = new URL(answer.headers()['location'] ?? '', 'http://site');
      expect(location.pathname, url).toBe(entry.prefixed ? `/${entry.locale}` : '/');
      expect(location.searchParams.get('redirectUrl'), url).toBe(`${url}?from=e2e`);
    }
  });

  for (const entry of walkedCases) {
    const url = samplePath(entry.path);
    test(`${url} → index with redirectUrl, and back there after sign-in`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(`${url}?from=e2e#part`);
      const original = `${url}?from=e2e#part`;
      const index = entry.prefixed ? `/${entry.locale}` : '/';
      const landed = new URL(page.url());
      expect(landed.pathname).toBe(index);
      // The server's 302 never sees the hash; the browser keeps it on the index.
      expect(landed.searchParams.get('redirectUrl')).toBe(`${url}?from=e2e`);
      expect(landed.hash).toBe('#part');
      await expect(page.locator('[data-remote="shell"]').first()).toBeVisible();

      await signInAsDemo(page);
      await page.reload();
      const target = landingFor(original);
      await expect(page).toHaveURL(`${baseURL}${target}`);
      await expect(page.locator(`[data-remote="${entry.owner}"]`)).toBeVisible();
    });
  }

  test('client-side: the guard runs on navigation too, and a signed-in player passes', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/promotions');
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    await markDocument(page);
    await clientNavigate(page, '/cashier/withdraw?amount=5#top');
    await expect(page).toHaveURL(
      `${baseURL}/?redirectUrl=${encodeURIComponent('/cashier/withdraw?amount=5#top')}`,
    );
    expect(await sameDocument(page)).toBe(true);

    await signInAsDemo(page);
    await page.goto('/promotions');
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    await markDocument(page);
    await clientNavigate(page, '/profile/bets?page=2#list');
    await expect(page).toHaveURL(`${baseURL}/profile/bets/history?page=2#list`);
    await clientNavigate(page, '/es-ES/cashier/billing');
    await expect(page).toHaveURL(`${baseURL}/es-ES/cashier/deposit`);
    await expect(page.locator('[data-remote="cashier"]')).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe('not found', () => {
  for (const url of [
    '/no/such/page',
    '/game/%20bad%20name',
    '/Not_A_Slug',
    // §2 a page whose validation fails: each {id} route's rule (shell-sdk ROUTE_PARAM_RULES).
    '/tournaments/not-a-valid-id',
    '/es-ES/tournaments/0/gamehall',
    '/promotions/%3Cx%3E',
    '/offers/1.5',
    '/jackpots/%3Cx%3E',
  ]) {
    test(`${url} shows the not-found page with a 404`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      // In the page's language (es-ES for a prefixed path).
      await expect(page.locator('[data-system-page="not-found"]')).toBeVisible();
      // §8: the page names the path.
      if (url.startsWith('/tournaments/')) {
        await expect(page.getByTestId('not-found-path')).toHaveText(url);
      }
    });
  }

  test('client-side: an unknown path, a bad param and invalid ids show not found', async ({
    page,
  }) => {
    await page.goto('/promotions');
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    await markDocument(page);
    for (const url of [
      '/no/such/page',
      '/game/%20bad',
      '/tournaments/not-a-valid-id',
      '/offers/abc',
    ]) {
      await clientNavigate(page, url);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${url.replace(/[.?]/g, '\\$&')}$`));
      if (url.startsWith('/tournaments/')) {
        await expect(page.getByTestId('not-found-path')).toHaveText(url);
      }
      await clientNavigate(page, '/promotions');
      await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    }
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe('bets and responsible-game (§2, §9 protected segments)', () => {
  test('a visitor opening one is sent to the index with redirectUrl; a player gets not found (bets) or the profile page (responsible-game)', async ({
    page,
    baseURL,
  }) => {
    for (const [url, index] of [
      ['/responsible-game', '/'],
      ['/bets/old/page', '/'],
      ['/es-ES/bets/x', '/es-ES'],
    ] as const) {
      await page.goto(`${url}?from=e2e`);
      await expect(page).toHaveURL(
        `${baseURL}${index}?redirectUrl=${encodeURIComponent(`${url}?from=e2e`)}`,
      );
    }
    // Client-side too.
    await page.goto('/promotions');
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    await markDocument(page);
    await clientNavigate(page, '/responsible-game#limits');
    await expect(page).toHaveURL(
      `${baseURL}/?redirectUrl=${encodeURIComponent('/responsible-game#limits')}`,
    );
    await clientNavigate(page, '/bets/x');
    await expect(page).toHaveURL(`${baseURL}/?redirectUrl=${encodeURIComponent('/bets/x')}`);
    expect(await sameDocument(page)).toBe(true);

    await signInAsDemo(page);
    // Issue #25: the legacy path leads a player to the responsible-gaming page.
    await page.goto('/responsible-game');
    await expect(page).toHaveURL(`${baseURL}/profile/responsible-game`);
    await expect(page.getByRole('heading', { name: 'Responsible gaming' })).toBeVisible();
    await page.goto('/promotions');
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    await clientNavigate(page, '/bets/old/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('the redirect table', () => {
  async function createRule(
    request: APIRequestContext,
    data: { from_url: string; to_url: string; status?: number },
  ): Promise<() => Promise<void>> {
    const auth = await staffAuth(request);
    const created = await request.post('/cms/redirects', { headers: auth, data: { data } });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    return async () => {
      const gone = await request.delete(`/cms/redirects/${id}`, { headers: auth });
      expect(gone.ok()).toBe(true);
    };
  }

  test('an internal entry redirects client-side, keeping locale, query and hash', async ({
    page,
    request,
    baseURL,
  }) => {
    const from = `/e2e-old-${test.info().workerIndex}-${Date.now()}`;
    const remove = await createRule(request, { from_url: from, to_url: '/promotions' });
    try {
      await page.goto('/es-ES/gamehall');
      await expect(page.locator('[data-remote="casino"]')).toBeVisible();
      await markDocument(page);
      await clientNavigate(page, `/es-ES${from}?utm=spring#offers`);
      await expect(page).toHaveURL(`${baseURL}/es-ES/promotions?utm=spring#offers`);
      await expect(page.locator('[data-remote="promo"]')).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
      // The replaced entry is not in the history: back goes to the game hall.
      await page.goBack();
      await expect(page).toHaveURL(`${baseURL}/es-ES/gamehall`);
    } finally {
      await remove();
    }
  });

  test('an external entry is followed with a full page load', async ({ page, request }) => {
    const from = `/e2e-out-${test.info().workerIndex}-${Date.now()}`;
    const remove = await createRule(request, {
      from_url: from,
      to_url: 'https://partner.example/landing',
      status: 302,
    });
    try {
      await page.route('https://partner.example/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Partner</title><h1>Partner landing</h1>',
        }),
      );
      await page.goto('/gamehall');
      await expect(page.locator('[data-remote="casino"]')).toBeVisible();
      await clientNavigate(page, `${from}?ref=ns#top`);
      await expect(page).toHaveURL('https://partner.example/landing?ref=ns#top');
      await expect(page.getByRole('heading', { name: 'Partner landing' })).toBeVisible();
    } finally {
      await remove();
    }
  });
});

test('/gamehall/<category> goes to the game hall filtered by it; a studio id stays', async ({
  page,
  baseURL,
}) => {
  await page.goto('/es-ES/gamehall/slots?sort=new');
  await expect(page).toHaveURL(`${baseURL}/es-ES/gamehall?sort=new&category=slots`);
  await expect(page.locator('[data-remote="casino"]')).toBeVisible();
  await page.goto('/gamehall/aurora');
  await expect(page).toHaveURL(`${baseURL}/gamehall/aurora`);
});

const VECTORS = [
  '//evil.example',
  'https://evil.example',
  '/\\evil.example',
  '\\/\\/evil.example',
  'javascript:alert(1)',
  '%2F%2Fevil.example',
  'JaVaScRiPt:alert(1)',
  'HTTPS://evil.example',
];

test('redirectUrl: every open-redirect vector leaves a signed-in player on the index', async ({
  page,
  baseURL,
}) => {
  // Nine full page loads: 30 s is too little for them on a busy 2-core machine.
  test.setTimeout(90_000);
  const site = new URL(baseURL!).origin;
  await signInAsDemo(page);
  for (const vector of VECTORS) {
    await page.goto(`/promotions?redirectUrl=${encodeURIComponent(vector)}&keep=1`);
    await expect(page, vector).toHaveURL(`${site}/?keep=1`);
    expect(new URL(page.url()).origin, vector).toBe(site);
    await expect(page.locator('[data-remote="shell"]').first()).toBeVisible();
  }
  // A path of the site is followed.
  await page.goto(`/?redirectUrl=${encodeURIComponent('/promotions?x=1#top')}`);
  await expect(page).toHaveURL(`${site}/promotions?x=1#top`);
});

// §2 backUrl is the return address after auth or payment: a page opened with a session already
// there keeps it for itself (the cashier's deposit follows it when the deposit finishes, issue
// #22), so neither a vector nor a path of the site moves a signed-in player on arrival.
test('backUrl: a signed-in player opening a page stays there, whatever it names', async ({
  page,
  baseURL,
}) => {
  // Nine full page loads: 30 s is too little for them on a busy 2-core machine.
  test.setTimeout(90_000);
  const site = new URL(baseURL!).origin;
  await signInAsDemo(page);
  for (const vector of [...VECTORS, '/promotions?x=1#top']) {
    const url = `/?backUrl=${encodeURIComponent(vector)}&keep=1`;
    await page.goto(url);
    await expect(page.locator('[data-remote="shell"]').first()).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page, vector).toHaveURL(`${site}${url}`);
  }
});

test('promo_code is kept for registration (the last one wins)', async ({ page }) => {
  await page.goto('/promotions?promo_code=FIRST&promo_code=WELCOME50');
  await expect(page.locator('[data-remote="promo"]')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('promo_code')))
    .toBe('WELCOME50');
});

test('register=success says welcome, then leaves the URL', async ({ page, baseURL }) => {
  await page.goto('/gamehall?register=success&sort=new');
  await expect(page.getByText('Welcome aboard!')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/gamehall?sort=new`);
});

test('/_icons lists every icon of the design system by name', async ({ page }) => {
  const source = readFileSync(
    fileURLToPath(new URL('../../packages/ui/src/icon-paths.ts', import.meta.url)),
    'utf8',
  );
  const block = /const ICON_PATHS = \{([\s\S]*?)\} as const;/.exec(source)?.[1] ?? '';
  const names = [...block.matchAll(/^ {2}([A-Za-z0-9_]+):/gm)].map((match) => match[1]!);
  expect(names.length).toBeGreaterThan(10);
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/_icons');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Icons', level: 1 })).toBeVisible();
  const sprite = page.locator('[data-icon-sprite]');
  await expect(sprite.getByRole('img')).toHaveCount(names.length);
  for (const name of names) {
    await expect(sprite.getByRole('img', { name, exact: true })).toBeVisible();
    await expect(page.locator(`symbol#icon-${name}`)).toHaveCount(1);
  }
  // The sprite page has no header or footer (svg-sprite layout).
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}routing-icons-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${ARTIFACTS}routing-icons-375.png`, fullPage: true });

  // The site's own icons are drawn from the one sprite by reference (`<use>`): one URL, asked for
  // by the page, its symbols drawn.
  const spriteUrls = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('/_icons/sprite.svg')) spriteUrls.add(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const use = page.getByRole('banner').locator('svg use').filter({ visible: true }).first();
  const href = await use.getAttribute('href');
  expect(href).toMatch(/^\/_icons\/sprite\.svg\?v=[0-9a-f]{10}#[a-z]+$/);
  expect([...spriteUrls].map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
    href!.split('#')[0],
  ]);
  await expect
    .poll(() => use.evaluate((element) => (element as SVGGraphicsElement).getBBox().width))
    .toBeGreaterThan(0);
});

/**
 * Every route of §2 (no prefix), as a visitor on a phone and as a signed-in player on a laptop:
 * each role and each width once (routes.spec.ts loads every page again at 375 px in es-ES, as a
 * player where the page is a player's, and a11y.spec.ts both widths).
 */
for (const [role, width] of [
  ['visitor', 375],
  ['player', 1440],
] as const) {
  test(`a ${role} visits every route at ${width} px without console errors or warnings`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    // Hydration of every server-rendered page included: a mismatch is logged here.
    page.on('console', (message) => {
      if (isPlaywrightNotice(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') {
        errors.push(`${page.url()}: ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    if (role === 'player') await signInAsDemo(page);
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    for (const entry of ROUTE_MANIFEST.filter((e) => !e.prefixed && !LEGACY_ROUTE_IDS.has(e.id))) {
      const url = samplePath(entry.path);
      await page.goto(url);
      if (role === 'visitor' && isProtectedEntry(entry)) {
        expect(new URL(page.url()).pathname, url).toBe('/');
        await expect(page.locator('[data-remote="shell"]').first()).toBeVisible();
        continue;
      }
      if (entry.id === 'gamehallItem') continue;
      const target = landingFor(url);
      expect(page.url(), url).toBe(`${baseURL}${target}`);
      await expect(page.locator(`[data-remote="${entry.owner}"]`).first(), url).toBeVisible();
      await expect(page.locator('[data-remote-fallback]'), url).toHaveCount(0);
      if (width < 400) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${url}: horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
      }
      if (['cashierDeposit', 'profileSettings', 'home', 'icons'].includes(entry.id)) {
        await page.screenshot({
          path: `${ARTIFACTS}routing-${role}-${entry.id}-${width}.png`,
          fullPage: false,
        });
      }
    }
    expect(errors).toEqual([]);
  });
}
