import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerPlayer, signInAsStaff } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Issue #26 cashback in Chromium at 1440 and 375 px: a new player with a cashback ready to pay
 * out (granted by the staff account through `cashbacks/staffgrant`, as the back office would)
 * sees the UnseenCashbackPopup after signing in, pays it out from the popup, sees the balance
 * move, the paid-out row on /profile/cashback with this period's running figure, and the row in
 * the cashier history's cashbacks tab; the popup does not come back on the next page load. axe
 * finds nothing serious on the popup and the page. Screenshots go to e2e/artifacts/.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const API = '?v=2.34&locale=en-US';
const MARKER = { 'X-App-Client': 'web/2.34' };

/** The staff account grants the player a cashback of `amount` (EUR) through the API. */
async function grantCashback(
  staff: APIRequestContext,
  playerId: number,
  amount: string,
): Promise<void> {
  await signInAsStaff(staff, 'finance');
  const granted = await staff.post(`/api/cashbacks/staffgrant${API}`, {
    headers: MARKER,
    multipart: { player_id: String(playerId), amount },
  });
  expect(granted.status(), await granted.text()).toBe(200);
}

let registered = 0;
const newEmail = (width: number) =>
  `cashback-${width}-${Date.now()}-${(registered += 1)}@example.com`;

for (const width of [1440, 375]) {
  test.describe(`cashback at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    });

    test('a player pays a cashback out from the popup after sign-in and finds it in the history', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(90_000);
      await registerPlayer(page.request, newEmail(width));
      const info = await page.request.get(`/api/account/getInfo${API}`);
      const { uid } = ((await info.json()) as { data: { uid: number } }).data;
      const staff = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await grantCashback(staff, uid, '12.50');
      await staff.dispose();

      await page.goto('/');
      const popup = page.getByRole('dialog', { name: 'Your cashback is here' });
      await expect(popup).toBeVisible({ timeout: 20_000 });
      await expect(popup.getByTestId('cashback-popup-amount')).toHaveText('€12.50');
      const payout = popup.getByRole('button', { name: 'Pay out' });
      await toBeHydrated(payout);
      await page.screenshot({ path: `${ARTIFACTS}cashback-popup-${width}.png` });
      expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);
      await payout.click();
      await expect(popup.getByRole('status')).toHaveText('Your cashback has been paid out.');
      await expect(page.getByTestId('header-balance')).toContainText('12.50');
      const balance = await page.request.get(`/api/account/getBalance${API}`);
      expect(
        ((await balance.json()) as { data: { balance_main: { amount: string } } }).data.balance_main
          .amount,
      ).toBe('12.50');
      await popup.getByRole('button', { name: 'Done' }).click();
      await expect(popup).toHaveCount(0);

      await page.goto('/profile/cashback');
      const row = page.getByTestId('cashback-history-row').first();
      await expect(row).toContainText('€12.50');
      await expect(row).toContainText('Paid out');
      await expect(page.getByTestId('cashback-net-loss')).toHaveText('€0.00');
      await expect(page.getByText('Nothing to pay out now.', { exact: false })).toBeVisible();
      await expect(page.getByText(/soon/i)).toHaveCount(0);
      // Seen once: the popup does not open again.
      await expect(page.getByRole('dialog', { name: 'Your cashback is here' })).toHaveCount(0);
      await page.screenshot({ path: `${ARTIFACTS}profile-cashback-${width}.png`, fullPage: true });
      expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);

      await page.goto('/cashier/history?tab=cashbacks');
      const history = page.getByTestId('history-row').first();
      await expect(history).toContainText('Cashback');
      await expect(history).toContainText('12.50');
      await expect(history).toContainText('Paid');
    });
  });
}
