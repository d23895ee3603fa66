import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { signInAsDemo, staffAuth } from '../support/accounts.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * The session's behaviour around the pages (§4): the inactivity sign-out, the balance refresh,
 * one session for every tab, and the locale switch.
 */

// Each test waits out real timers (the poll, the inactivity clock) on a busy machine.
test.describe.configure({ timeout: 60_000 });

const getBalanceCalls = (page: Page) => {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/account/getBalance') calls.push(request);
  });
  return calls;
};

const getInfoStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/account/getInfo?v=2.34&locale=en-US')).status);

async function signedInPage(browser: Browser, baseURL: string | undefined, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemo(page);
  return { context, page, calls: getBalanceCalls(page), ready: page.goto(path) };
}

test.describe('inactivity sign-out (time_to_force_logout 10 s)', () => {
  let platform: RunningPlatform;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    platform = await startPlatform({ env: { TIME_TO_FORCE_LOGOUT: '10' } });
  });
  test.afterAll(async () => {
    await platform?.stop();
  });

  test('warns at 80 %, a key press keeps the session, and idleness signs out at 100 %', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: platform.url });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsDemo(page);
    await page.goto('/promotions');
    await expect(page.getByTestId('header-player')).toBeVisible();
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });

    // The clock starts once the signed-in part of the shell has hydrated and read the general
    // info, a moment a busy machine can push seconds past the header showing: the first warning
    // is awaited generously, and every timing below is measured from the key press, whose moment
    // the test owns.
    await expect(warning).toBeVisible({ timeout: 20_000 });
    // The countdown of the remaining 20 %, in the dialog's description, m:ss.
    await expect(warning.getByTestId('inactivity-countdown')).toHaveText(/^0:0[12]$/);
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();

    // A key press closes it and starts the clock again: nothing before 80 % of the new 10 s, and
    // still signed in past the first deadline (2 s after that warning).
    await page.keyboard.press('Shift');
    const pressedAt = Date.now();
    await expect(warning).toHaveCount(0);
    await page.waitForTimeout(Math.max(0, 6_000 - (Date.now() - pressedAt)));
    await expect(warning).toHaveCount(0);
    await expect(page.getByTestId('header-player')).toBeVisible();
    expect(await getInfoStatus(page)).toBe(200);

    // Without activity: the warning again, then the sign-out on the server and the index.
    await expect(warning).toBeVisible({ timeout: 10_000 });
    const logout = await page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/auth/logout',
      { timeout: 10_000 },
    );
    expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(9_000);
    expect((await logout.response())?.status()).toBe(200);
    await expect(page).toHaveURL(`${platform.url}/`);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(warning).toHaveCount(0);
    expect(await getInfoStatus(page)).toBe(401);
    await context.close();
  });
});

test('the warning is an alert dialog, announced sparingly, and "Stay signed in" keeps the session', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A 10-minute limit on a platform of its own (the shared platform has none): the server
  // renders the page with it, on the page's own clock.
  const limited = await startPlatform({ env: { TIME_TO_FORCE_LOGOUT: '600' } });
  const context = await browser.newContext({ baseURL: limited.url });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await signInAsDemo(page);
  const calls = getBalanceCalls(page);
  await page.goto('/');
  await expect(page.getByTestId('header-player')).toBeVisible();
  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
  // The player's watchers (their own chunk) run once the balance poll asks; then a key press
  // starts the inactivity clock at a known moment.
  await expect.poll(() => calls.length).toBeGreaterThanOrEqual(1);
  const firstRead = calls.length;
  await expect
    .poll(async () => {
      await page.clock.fastForward(10_000);
      return calls.length;
    })
    .toBeGreaterThan(firstRead);
  await page.keyboard.press('Shift');

  await page.clock.fastForward(470_000);
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward(11_000);
  await expect(warning).toBeVisible();
  // Its description says the time left; the live text stays quiet until the next 30 s step.
  await expect(warning).toHaveAccessibleDescription(/signed out in 1:5\d/);
  const live = warning.locator('[aria-live="polite"]');
  await expect(live).toHaveText('');
  await page.clock.fastForward(15_000);
  await expect(warning.getByTestId('inactivity-countdown')).toHaveText(/^1:[34]\d$/);
  await expect(live).toHaveText('');
  await page.clock.fastForward(15_000);
  await expect(live).toHaveText('90 seconds left before you are signed out');
  await page.clock.fastForward(5_000);
  await expect(live).toHaveText('90 seconds left before you are signed out');

  // No settling: the page's clock is frozen (page.clock), and the warning has no animation.
  expect(
    await seriousViolations(page, '[data-dialog-id="inactivity-warning"]', { settle: false }),
  ).toEqual([]);

  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward(470_000);
  await expect(page.getByTestId('header-player')).toBeVisible();
  await expect(warning).toHaveCount(0);
  await context.close();
  await limited.stop();
});

test('the balance is polled for a player, never on a game page nor for a visitor', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const player = await signedInPage(browser, baseURL, '/');
  const gamer = await signedInPage(browser, baseURL, '/game/northstar-dice');
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorCalls = getBalanceCalls(visitor);
  await Promise.all([player.ready, gamer.ready, visitor.goto('/')]);
  await expect(player.page.getByTestId('header-player')).toBeVisible();
  await expect(gamer.page.getByTestId('header-player')).toBeVisible();
  await expect(visitor.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The header's first read of the balance, then only what the refresh asks.
  await expect.poll(() => player.calls.length).toBeGreaterThanOrEqual(1);
  await expect.poll(() => gamer.calls.length).toBeGreaterThanOrEqual(1);
  const [playerFirst, gamerFirst] = [player.calls.length, gamer.calls.length];

  // §9 default interval 10 s: two polls in 21 s.
  await player.page.waitForTimeout(21_000);
  expect(player.calls.length - playerFirst).toBeGreaterThanOrEqual(2);
  expect(gamer.calls.length - gamerFirst).toBe(0);
  expect(visitorCalls).toHaveLength(0);

  // A click anywhere asks at once, at most once per second (§9) however many clicks.
  const beforeClicks = player.calls.length;
  for (let i = 0; i < 5; i++) await player.page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect.poll(() => player.calls.length).toBeGreaterThan(beforeClicks);
  await player.page.waitForTimeout(300);
  // One for the clicks; a poll may have fallen in the same moment.
  expect(player.calls.length - beforeClicks).toBeLessThanOrEqual(2);

  await Promise.all([player.context.close(), gamer.context.close(), visitorContext.close()]);
});

test('signing out in one tab signs out every open tab', async ({ browser, baseURL }) => {
  const { context, page: first, ready } = await signedInPage(browser, baseURL, '/');
  await ready;
  const second = await context.newPage();
  await second.setViewportSize({ width: 1280, height: 800 });
  await second.goto('/promotions');
  for (const page of [first, second]) {
    await expect(page.getByTestId('header-player')).toBeVisible();
  }
  await second.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

  const header = first.getByRole('banner');
  const menuButton = header.getByRole('button', { name: 'Account menu' });
  await toBeHydrated(menuButton);
  await menuButton.click();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await first
    .getByRole('alertdialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The other tab: a visitor's header, the player's balance gone, on the site index, no reload.
  await expect(second.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByTestId('header-player')).toHaveCount(0);
  await expect(second.getByTestId('header-balance')).toHaveCount(0);
  await expect(second).toHaveURL(`${baseURL}/`);
  expect(await second.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
    1,
  );
  expect(await getInfoStatus(second)).toBe(401);
  await context.close();
});

test('the locale switch keeps the page, remembers the choice for a year and tells the account', async ({
  browser,
  baseURL,
}) => {
  const { context, page, ready } = await signedInPage(browser, baseURL, '/promotions?ref=x');
  await ready;
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-player')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

  const changelocale = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/account/changelocale' &&
      request.method() === 'POST' &&
      (request.postData() ?? '').includes('es-ES'),
  );
  // The start-up data again, asked in the new locale.
  const generalInfo = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname === '/api/metadata/getgeneralinfo' && url.searchParams.get('locale') === 'es-ES'
    );
  });
  // Server HTML first: the switcher changes the locale once the browser has hydrated it.
  await toBeHydrated(header.getByLabel('Language'));
  const switchedAt = Date.now();
  await header.getByLabel('Language').selectOption('es-ES');
  await expect(page).toHaveURL(/\/es-ES\/promotions\?ref=x$/);
  await expect(header.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
  expect((await (await changelocale).response())?.status()).toBe(200);
  await generalInfo;
  // No full reload: the page's own state survived.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_locale');
  expect(cookie?.value).toBe('es-ES');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const year = 365 * 24 * 60 * 60;
  expect(Math.abs(cookie!.expires - (switchedAt / 1000 + year))).toBeLessThan(60 * 60);

  // Back to English, which puts the demo account's locale back for the other specs.
  const back = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/account/changelocale' &&
      (request.postData() ?? '').includes('en-US'),
  );
  await header.getByLabel('Idioma').selectOption('en-US');
  await expect(page).toHaveURL(/\/promotions\?ref=x$/);
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect((await (await back).response())?.status()).toBe(200);
  await context.close();
});

test.describe('the account locale under the platform strategy', () => {
  // A platform of its own: the test changes the demo account's locale, which others read.
  let platform: RunningPlatform;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    platform = await startPlatform();
  });
  test.afterAll(async () => {
    await platform?.stop();
  });

  test("a signed-in player is shown the account's locale; a visitor keeps the URL's", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: platform.url });
    // Staff switch this platform's common content to the platform strategy (the server renders
    // with it, and the browser hydrates with the same answer).
    const staff = await staffAuth(context.request);
    const switched = await context.request.put('/cms/site-config?locale=en-US', {
      headers: staff,
      data: { data: { common: { localeDetectStrategy: 'platform' } } },
    });
    expect(switched.status()).toBe(200);
    const visitor = await context.newPage();
    await visitor.goto('/promotions?ref=x');
    await expect(
      visitor.getByRole('banner').getByRole('button', { name: 'Sign in' }),
    ).toBeVisible();
    await visitor.close();

    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsDemo(page);
    const changed = await page.request.post('/api/account/changelocale?v=2.34&locale=en-US', {
      headers: { 'X-App-Client': 'web/2.34' },
      multipart: { locale: 'pt-BR' },
    });
    expect(changed.status()).toBe(200);
    // A page of the site first, so that Back has a known entry to return to (a new tab's first
    // navigation may replace its initial about:blank, which would leave nothing to go back to).
    await page.goto('/pt-BR/tournaments');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/promotions?ref=x');
    await expect(page).toHaveURL(/\/pt-BR\/promotions\?ref=x$/);
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }),
    ).toBeVisible();
    // Replaced, not pushed: Back skips the English address (which would move to pt-BR again)
    // and returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/pt-BR\/tournaments$/);
    await context.close();
  });
});

test('a site that offers no locale fails to start with the fatal locales error (§8)', async ({
  page,
}) => {
  await page.route('**/nfx/i18n/locales', (route) =>
    route.fulfill({ json: { locales: [], defaultLocale: 'en-US' } }),
  );
  // A page the server did not render (its state left out), so the browser reads the locales
  // itself: the server answers a site without locales with its own 500 (server-status.spec.ts).
  await page.route('**/promotions', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" id="ns-state">[\s\S]*?<\/script>/,
      '',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/promotions');
  await expect(page.getByTestId('locales-not-found')).toContainText(
    'PLUGIN:I18N: LOCALES NOT FOUND',
  );
  await expect(page.getByRole('heading', { name: 'The site cannot open right now' })).toBeVisible();
  await expect(page.locator('[data-remote="promo"]')).toHaveCount(0);
});
