import path from 'node:path';
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { amountField } from '../support/cashier.ts';
import { toBeStarted } from '../support/hydration.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');

/**
 * Issue #28, §1 platform types: the operator's web-view app (the flag or its user-agent token;
 * the host's tab bar replaces ours, links off the site and the payment page go through the
 * host's bridge, the marker header says `webview`), the installed app (its own back button),
 * and the messaging app's mini app (the host's theme, back button and viewport, in the host's
 * event protocol). Its own platform: a configured user-agent token, and new players of its own.
 */

let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform({ env: { WEBVIEW_UA_TOKENS: 'AcmeCasino' } });
});
test.afterAll(async () => {
  await platform?.stop();
});

const PHONE = { width: 375, height: 812 };

/** A page of its own on this spec's platform, with the cookie choice made (no banner). */
async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  // No service worker (as in the other specs): its "ready offline" notice is not what is tested.
  const context = await browser.newContext({
    baseURL: platform.url,
    viewport: PHONE,
    serviceWorkers: 'block',
    ...options,
  });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: platform.url }]);
  return context.newPage();
}

/** What the page handed its native host (a React Native web view's bridge, recorded). */
const HOST_BRIDGE = () => {
  const sent: unknown[] = [];
  Object.assign(window, {
    __hostSent: sent,
    ReactNativeWebView: { postMessage: (message: string) => sent.push(JSON.parse(message)) },
  });
};
const hostSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hostSent: unknown[] }).__hostSent);

const quickMenu = (page: Page) => page.getByRole('navigation', { name: 'Quick menu' });

test.describe('the web-view app', () => {
  test('the flag starts it for the session: no tab bar of ours', async ({ browser }) => {
    const page = await openPage(browser);
    // A browser tab first: the phone's bottom menu is there.
    await page.goto('/');
    await expect(quickMenu(page)).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-platform');

    await page.goto('/?platform=webview');
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'webview');
    await expect(quickMenu(page)).toBeHidden();
    await page.screenshot({ path: path.join(ARTIFACTS, 'host-webview-375.png') });

    // A later page load without the flag (a payment's return, a reload) stays in the app.
    await page.goto('/gamehall');
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'webview');
    await expect(quickMenu(page)).toBeHidden();
    // And `?platform=web` ends it.
    await page.goto('/?platform=web');
    await expect(page.locator('html')).not.toHaveAttribute('data-platform');
    await expect(quickMenu(page)).toBeVisible();
  });

  test('the operator’s user-agent token is the app too; links off the site go to the host', async ({
    browser,
  }) => {
    const page = await openPage(browser, {
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36 AcmeCasino/2.1',
    });
    await page.addInitScript(HOST_BRIDGE);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'webview');
    // The page has started its part of the host (its own chunk).
    await expect(page.locator('html')).toHaveAttribute('data-host', 'webview');
    await page.getByRole('link', { name: 'Telegram' }).click();
    expect(await hostSent(page)).toEqual([
      { type: 'northstar:open', purpose: 'external', url: 'https://t.me/northstar' },
    ]);
    // Nothing left the site, and no window opened.
    expect(page.url()).toBe(`${platform.url}/`);
    expect(page.context().pages()).toHaveLength(1);
  });

  test('the deposit’s payment page goes to the host, the marker says webview, the cashier follows', async ({
    browser,
  }) => {
    const page = await openPage(browser);
    await page.addInitScript(HOST_BRIDGE);
    await registerPlayer(page.request, `webview-${Date.now()}@example.com`);
    await page.goto('/cashier/deposit?platform=webview', { waitUntil: 'networkidle' });
    await (await amountField(page)).fill('20');
    const made = page.waitForRequest((request) =>
      request.url().includes('/api/cashier/makedeposit'),
    );
    await page.getByRole('button', { name: /^Deposit/ }).click();
    // The marker header names the platform type (§1).
    expect((await made).headers()['x-app-client']).toBe('webview/2.34');
    await expect(page).toHaveURL(/\/cashier\/paynewwindow\?transaction=\d+$/);
    const [sent] = (await hostSent(page)) as { type: string; purpose: string; url: string }[];
    expect(sent).toMatchObject({ type: 'northstar:open', purpose: 'payment' });
    // An absolute URL: the host opens it outside the page.
    expect(sent!.url).toMatch(new RegExp(`^${platform.url}/payments/sandbox/pay/pay_`));
    expect(page.context().pages()).toHaveLength(1);
    // The host's in-app tab pays; the cashier shows the result when it settles.
    const provider = await page.context().newPage();
    await provider.goto(sent!.url);
    await provider.getByLabel('Card number').fill('4242424242424242');
    await provider.getByLabel('Expiry (MM/YY)').fill('12/34');
    await provider.getByLabel('CVC').fill('123');
    await provider.getByRole('button', { name: 'Pay 20.00 EUR' }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test('the installed app draws its own back button; a browser tab does not', async ({ browser }) => {
  const page = await openPage(browser);
  // The manifest's start page (`?platform=pwa`).
  await page.goto('/?platform=pwa', { waitUntil: 'networkidle' });
  await expect(page.locator('html')).toHaveAttribute('data-platform', 'pwa');
  const back = page.getByRole('button', { name: 'Back', exact: true });
  // Home has nothing behind it.
  await expect(back).toHaveCount(0);
  await toBeStarted(page);
  await quickMenu(page).getByRole('link', { name: 'Casino' }).click();
  await expect(page).toHaveURL(/\/gamehall$/);
  await expect(back).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, 'host-installed-375.png') });
  await back.click();
  await expect(page).toHaveURL(`${platform.url}/?platform=pwa`);

  const tab = await openPage(browser);
  await tab.goto('/gamehall', { waitUntil: 'networkidle' });
  await expect(tab.getByRole('button', { name: 'Back', exact: true })).toBeHidden();
});

test('the mini app follows its host’s theme, back button and viewport', async ({ browser }) => {
  const page = await openPage(browser);
  await page.addInitScript(() => {
    const events: [string, unknown][] = [];
    Object.assign(window, {
      __miniAppEvents: events,
      TelegramWebviewProxy: {
        postEvent: (type: string, data: string) => events.push([type, JSON.parse(data)]),
      },
    });
  });
  const events = () =>
    page.evaluate(
      () => (window as unknown as { __miniAppEvents: [string, unknown][] }).__miniAppEvents,
    );
  const theme = { bg_color: '#ffffff', text_color: '#111111', secondary_bg_color: '#eeeeee' };
  await page.goto(
    `/#tgWebAppPlatform=android&tgWebAppVersion=7.2&tgWebAppThemeParams=${encodeURIComponent(
      JSON.stringify(theme),
    )}`,
    { waitUntil: 'networkidle' },
  );
  await expect(page.locator('html')).toHaveAttribute('data-host', 'mini-app');
  // Ready, full height, and the host asked for its theme and viewport.
  await expect
    .poll(async () => (await events()).map(([type]) => type))
    .toEqual(
      expect.arrayContaining([
        'web_app_ready',
        'web_app_expand',
        'web_app_request_theme',
        'web_app_request_viewport',
      ]),
    );
  // The launch's colours are the page's at once.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.locator('body')).toHaveCSS('color', 'rgb(17, 17, 17)');
  expect(await events()).toContainEqual(['web_app_setup_back_button', { is_visible: false }]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'host-mini-app-375.png') });

  // Another page: the host's back button shows, and pressing it comes back home.
  await quickMenu(page).getByRole('link', { name: 'Casino' }).click();
  await expect(page).toHaveURL(/\/gamehall$/);
  await expect
    .poll(async () => (await events()).at(-1))
    .toEqual(['web_app_setup_back_button', { is_visible: true }]);
  await page.evaluate(() =>
    (
      window as unknown as { Telegram: { WebView: { receiveEvent(type: string): void } } }
    ).Telegram.WebView.receiveEvent('back_button_pressed'),
  );
  // Back to the app's first page (its launch parameters still in the hash).
  await expect(page).toHaveURL(new RegExp(`^${platform.url}/(#tgWebApp.*)?$`));

  // The host's theme and viewport change: the page follows.
  await page.evaluate(() => {
    const host = (
      window as unknown as {
        Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } };
      }
    ).Telegram.WebView;
    host.receiveEvent('theme_changed', { theme_params: { bg_color: '#102030' } });
    host.receiveEvent('viewport_changed', { height: 640, is_state_stable: true });
  });
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(16, 32, 48)');
  await expect(page.locator('body')).toHaveCSS('min-height', '640px');

  // A link off the site asks the host to open it.
  await page.getByRole('link', { name: 'Telegram' }).click();
  await expect
    .poll(events)
    .toContainEqual(['web_app_open_link', { url: 'https://t.me/northstar' }]);
  expect(page.context().pages()).toHaveLength(1);
});
