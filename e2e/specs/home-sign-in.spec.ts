import { devices, expect, test, type Page } from '@playwright/test';
import { DEMO_PLAYER } from '../support/accounts.ts';

/**
 * Signing in from the home page (§2 `show_popup_auth` / `show_popup_reg`), where most players
 * land, and on a phone, where most of them are. On a phone the casino's lobby rows are far below
 * the fold and still waiting to hydrate; the header's buttons must open their popup all the same.
 */

const BUTTONS = [
  { button: 'Sign in', flag: 'show_popup_auth', dialog: 'Sign in to Northstar' },
  { button: 'Register', flag: 'show_popup_reg', dialog: 'Create your account' },
] as const;

async function openFromHeader(
  page: Page,
  { button, flag, dialog }: (typeof BUTTONS)[number],
  { tap = false } = {},
) {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The lobby rows are still server HTML, waiting to come near the screen.
  await expect(page.locator('[data-home-lobby] [data-remote="casino"]')).toBeAttached();
  const target = header.getByRole('button', { name: button, exact: true });
  if (tap) await target.tap();
  else await target.click();
  await expect(page).toHaveURL(new RegExp(`\\?${flag}=1$`));
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

test.describe('a phone at 375 px on the home page', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  for (const entry of BUTTONS) {
    test(`the header's ${entry.button} opens its popup`, async ({ page }) => {
      await openFromHeader(page, entry);
    });
  }
});

test.describe('an iPhone (390 px, touch) on the home page', () => {
  // Chromium emulating the phone (viewport, touch, mobile user agent), not WebKit.
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 12'];
  test.use(iPhone);
  for (const entry of BUTTONS) {
    test(`the header's ${entry.button} opens its popup on a tap`, async ({ page }) => {
      expect(page.viewportSize()?.width).toBe(390);
      await openFromHeader(page, entry, { tap: true });
    });
  }
});

test.describe('a visitor sent from a protected page', () => {
  test('gets the sign-in popup, and lands on the page after signing in', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/cashier/deposit?amount=25');
    await expect(page).toHaveURL(
      `${baseURL}/?redirectUrl=${encodeURIComponent('/cashier/deposit?amount=25')}`,
    );
    const dialog = page.getByRole('dialog', { name: 'Sign in to Northstar' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('E-mail or phone').fill(DEMO_PLAYER.login);
    await dialog.getByLabel('Password').fill(DEMO_PLAYER.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/cashier/deposit?amount=25`);
    await expect(page.locator('[data-remote="cashier"]')).toBeVisible();
  });

  test('closing the popup stays on the index and drops the return', async ({ page, baseURL }) => {
    await page.goto('/profile/settings');
    const dialog = page.getByRole('dialog', { name: 'Sign in to Northstar' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a redirectUrl to another site opens nothing', async ({ page }) => {
    await page.goto(`/?redirectUrl=${encodeURIComponent('https://evil.example/')}`);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The session is known (the header), and no popup follows.
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
