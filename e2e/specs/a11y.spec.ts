import { expect, test } from '@playwright/test';
import { isProtectedPath } from '@northstar/shell-sdk/page-rules';
import { signInAsDemo } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { toBeHydrated } from '../support/hydration.ts';

/**
 * Accessibility: axe finds no serious or critical violation on the home page, on a page of each
 * remote, on a slug page and the unsubscribe page, in the sign-in popup, the phone menu curtain
 * and the account menu. Minor and moderate findings are
 * printed (they are worth a look) but do not fail the run.
 */
const PAGES: { name: string; path: string; owner: string }[] = [
  { name: 'home', path: '/', owner: 'shell' },
  { name: 'casino', path: '/gamehall', owner: 'casino' },
  { name: 'betting', path: '/betting', owner: 'betting' },
  { name: 'cashier', path: '/cashier/deposit', owner: 'cashier' },
  { name: 'loyalty', path: '/loyalty', owner: 'loyalty' },
  { name: 'profile', path: '/profile/settings', owner: 'profile' },
  { name: 'auth', path: '/confirmation', owner: 'auth' },
  { name: 'promo', path: '/promotions', owner: 'promo' },
  { name: 'slug', path: '/responsible-gaming', owner: 'shell' },
  { name: 'unsubscribe', path: '/unsubscribe?token=a.b', owner: 'shell' },
];

for (const { name, path, owner } of PAGES) {
  for (const width of [1440, 375]) {
    test(`${name} page at ${width} px has no serious or critical axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // The cashier and the profile are a player's pages (§2): a visitor would land on the index.
      if (isProtectedPath(path)) await signInAsDemo(page);
      await page.goto(path);
      await expect(page.locator(`[data-remote="${owner}"]`)).toBeVisible();
      expect(await seriousViolations(page, undefined, { logMinor: true })).toEqual([]);
    });
  }
}

test('the sign-in popup (?show_popup_auth=1) has no serious or critical axe violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?show_popup_auth=1');
  const dialog = page.getByRole('dialog', { name: 'Sign in to Northstar' });
  await expect(dialog).toBeVisible();
  // Focus is inside the dialog, and Esc closes it (§2).
  await expect(dialog.locator(':focus')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('the phone menu curtain has no serious or critical axe violation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  const curtain = page.getByRole('dialog', { name: 'Menu' });
  await expect(curtain).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await curtain.getByRole('link', { name: 'Tournaments' }).click();
  await expect(page).toHaveURL(/\/tournaments$/);
  await expect(curtain).toHaveCount(0);
});

test('the open account menu has no serious or critical axe violation', async ({ page }) => {
  await signInAsDemo(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const menu = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await toBeHydrated(menu);
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
