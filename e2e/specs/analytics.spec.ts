import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { depositThroughSandbox } from '../support/cashier.ts';
import { startPlatform } from '../support/platform.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Analytics and the cookie banner (issue #28). Events wait in the page until the visitor accepts
 * analytics cookies, then go to general info's sinks (the site's own collector `events/handle`
 * and `window.dataLayer`) once each; a refusal sends nothing; `/hit` (the visit's tracking image,
 * with an affiliate's `td_…` id) follows the same consent. The other specs start with the consent
 * cookie set to "necessary" (playwright.config.ts); these start without it.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');

interface Sent {
  event: string;
  params: Record<string, unknown>;
}

/** What the page sends to the collector and to /hit, as it sends it. */
function watchTraffic(page: Page) {
  const events: Sent[] = [];
  const hits: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/events/handle') {
      events.push({
        event: url.searchParams.get('event_name') ?? '',
        params: JSON.parse(url.searchParams.get('event_params') ?? '{}') as Record<string, unknown>,
      });
    } else if (url.pathname === '/hit') {
      hits.push(url.searchParams);
    }
  });
  return { events, hits };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });

async function consentCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value;
}

test('1440 px: sign-in events wait for consent, then each reaches the collector and the data layer once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A player of its own (the demo player's sign-in brings its own popups).
  const email = `analytics-${Date.now()}@example.com`;
  await registerPlayer(page.request, email);
  await page.request.get('/api/auth/logout?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
  });
  const traffic = watchTraffic(page);
  // An affiliate's link: its id rides on the landing address (§7 `td_` → track_id).
  await page.goto('/?show_popup_auth=1&td_aff42');
  const signIn = page.getByRole('dialog', { name: 'Sign in to Northstar' });
  await signIn.getByLabel('E-mail or phone').fill(email);
  await signIn.getByLabel('Password').fill('not-the-password');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.getByText(/wrong|incorrect/i).first()).toBeVisible();
  await signIn.getByLabel('Password').fill('Secret-123');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toHaveCount(0);

  // Not answered yet: the banner asks, and nothing has left the page.
  await expect(banner(page)).toBeVisible();
  expect(
    await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer),
  ).toBeUndefined();
  expect(traffic.events).toEqual([]);
  expect(traffic.hits).toEqual([]);

  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(page)).toBe('all');
  await expect
    .poll(() => traffic.events.map((e) => e.event).sort())
    .toEqual(['login', 'login_error']);
  const failed = traffic.events.find((e) => e.event === 'login_error')!;
  expect(failed.params).toMatchObject({ code: expect.any(String) });
  expect(traffic.events.find((e) => e.event === 'login')!.params).toMatchObject({
    method: 'form',
  });
  // The visit's tracking image, with the affiliate's id, once.
  await expect.poll(() => traffic.hits.length).toBe(1);
  expect(traffic.hits[0]!.get('kind')).toBe('visit');
  expect(traffic.hits[0]!.get('track_id')).toBe('aff42');
  // The tag manager's data layer has the same events.
  expect(
    await page.evaluate(() =>
      ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event).sort(),
    ),
  ).toEqual(['login', 'login_error']);

  // Consent given: a game opened is sent at once, once (the game page shows no banner).
  await page.goto('/game/northstar-dice');
  await expect(page.locator('iframe[title="Dice"]')).toBeVisible();
  await expect.poll(() => traffic.events.filter((e) => e.event === 'game_open')).toHaveLength(1);
  expect(traffic.events.find((e) => e.event === 'game_open')!.params).toMatchObject({
    game: 'northstar-dice',
    mode: 'real',
  });
  await page.waitForTimeout(1500);
  expect(traffic.events.filter((e) => e.event === 'game_open')).toHaveLength(1);
  // A deposit that went through, the player's first: both events, once each, even with the
  // result page opened twice.
  const transaction = await depositThroughSandbox(page.request, '25');
  const depositEvents = () =>
    traffic.events
      .filter((e) => /deposit/.test(e.event))
      .map((e) => e.event)
      .sort();
  await page.goto(`/cashier/paysuccess/${transaction}`);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect.poll(depositEvents).toEqual(['deposit', 'first_deposit']);
  await page.goto(`/cashier/paysuccess/${transaction}`);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect
    .poll(depositEvents)
    .toEqual(['deposit', 'deposit', 'first_deposit', 'first_deposit']);
  // Sent again by the second visit, but named by the transaction: the collector keeps each once.
  const deposits = traffic.events.filter((e) => e.event === 'deposit');
  expect(new Set(deposits.map((e) => e.params.event_id))).toEqual(
    new Set([`deposit-${transaction}`]),
  );
  expect(deposits[0]!.params).toMatchObject({ amount: 25, currency: 'EUR', method: 'card' });

  // Each event of a page went out once.
  const ids = traffic.events.filter((e) => !/deposit/.test(e.event)).map((e) => e.params.event_id);
  expect(new Set(ids).size).toBe(ids.length);
  // One visit hit per visit: not again on the next page.
  expect(traffic.hits).toHaveLength(1);
});

test('375 px: "Necessary only" sends nothing; Cookie settings in the footer changes the choice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const traffic = watchTraffic(page);
  await page.goto('/?td_aff42');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Necessary only' })).toBeVisible();
  // Above the bottom menu, which stays usable.
  const bar = (await banner(page).boundingBox())!;
  const menu = (await page.getByRole('navigation', { name: 'Quick menu' }).boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(menu.y);
  expect(await seriousViolations(page, '[data-testid="cookie-consent"]')).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'cookie-banner-375.png') });

  await banner(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(page)).toBe('necessary');
  // A failed sign-in is an event: with "necessary only" it is not sent.
  await page.goto('/?show_popup_auth=1');
  const signIn = page.getByRole('dialog', { name: 'Sign in to Northstar' });
  await signIn.getByLabel('E-mail or phone').fill('nobody@example.com');
  await signIn.getByLabel('Password').fill('not-the-password');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.getByText(/wrong|incorrect/i).first()).toBeVisible();
  await page.waitForTimeout(2000);
  expect(traffic.events).toEqual([]);
  expect(traffic.hits).toEqual([]);

  // The choice is kept: no banner on the next visit.
  await page.goto('/');
  await page.waitForTimeout(2500);
  await expect(banner(page)).toHaveCount(0);
  // The footer's Cookie settings brings it back, the current choice pressed.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Necessary only' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The address does not keep the fragment.
  expect(new URL(page.url()).hash).toBe('');
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  expect(await consentCookie(page)).toBe('all');
  expect(traffic.events).toEqual([]);
});

test('1440 px: the banner sits at the bottom without hiding the page’s end', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, 'cookie-banner-1440.png') });
  // Scrolled to the end, the footer's last line is above the banner.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const cookies = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
  await expect(async () => {
    const line = (await cookies.boundingBox())!;
    const bar = (await banner(page).boundingBox())!;
    expect(line.y + line.height).toBeLessThanOrEqual(bar.y);
  }).toPass();
});

test('with is_seon_enabled, the security hit goes 3 s after start, consent or not, with a device session', async ({
  browser,
}) => {
  // Its own platform: general info's is_seon_enabled is the operator's switch (SEON_ENABLED).
  test.setTimeout(120_000);
  const platform = await startPlatform({ env: { SEON_ENABLED: '1' } });
  try {
    const context = await browser.newContext({ baseURL: platform.url });
    const page = await context.newPage();
    const traffic = watchTraffic(page);
    const started = Date.now();
    await page.goto('/?td_aff7');
    await expect.poll(() => traffic.hits.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    const [security] = traffic.hits;
    expect(security!.get('kind')).toBe('security');
    expect(security!.get('seon_session')).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
    expect(security!.get('track_id')).toBe('aff7');
    // No analytics consent was given: the security hit is the only one, and no event went out.
    await expect(banner(page)).toBeVisible();
    await page.waitForTimeout(1000);
    expect(traffic.hits).toHaveLength(1);
    expect(traffic.events).toEqual([]);
    // The same device session on the visit's next page.
    await page.goto('/promotions');
    await expect.poll(() => traffic.hits.length, { timeout: 15_000 }).toBe(2);
    expect(traffic.hits[1]!.get('seon_session')).toBe(security!.get('seon_session'));
    await context.close();
  } finally {
    await platform.stop();
  }
});
