import { expect, test, type Page } from '@playwright/test';
import { DEMO_PLAYER } from '../support/accounts.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * #13 the in-house games in Chromium: the frame the platform's launch opens, in fun mode and for
 * real money (the demo player's balance moves only by stake and win), the 2.5 s pace rule on the
 * button, keyboard play, the provably fair check recomputed by the browser, and axe on each
 * engine's frame at 1440 and 375 px. Its own platform: real rounds change the demo balance.
 */
let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

const open = async (page: Page, sysname: string, mode: 'fun' | 'real' = 'fun') => {
  await page.goto(`${platform.url}/platform/game/${sysname}/play?mode=${mode}`);
  await expect(page.locator('#table')).toHaveAttribute('aria-busy', 'false');
};

const euros = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('fun slot: a spin shows its result, and the next waits 2.5 s (keyboard only)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, 'northstar-sunny-lemons-rising');
  await expect(page.getByText('Fun play')).toBeVisible();
  await expect(page.locator('#balance')).toHaveText('€1,000.00');
  const spin = page.getByRole('button', { name: 'Spin' });
  await spin.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.result')).toHaveText(/Win: €|No win this time/, { timeout: 30_000 });
  // The result stays: the button is off for 2.5 s after it is shown, then on again.
  await expect(spin).toBeDisabled();
  await page.waitForTimeout(1_500);
  await expect(spin).toBeDisabled();
  await expect(spin).toBeEnabled({ timeout: 3_000 });
  const balance = euros((await page.locator('#balance').textContent()) ?? '');
  expect(balance).not.toBe(1000);
});

test('real money: the demo player plays blackjack and the balance moves by stake and payout', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const login = await page.request.post(`${platform.url}/api/auth/login?v=2.34&locale=en-US`, {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
  });
  expect(login.status()).toBe(200);
  await open(page, 'northstar-blackjack-classic', 'real');
  await expect(page.getByText('Real money')).toBeVisible();
  const before = euros((await page.locator('#balance').textContent()) ?? '');
  expect(before).toBe(525);
  await page.getByLabel('Stake').selectOption({ label: '€5.00' });
  await page.getByRole('button', { name: 'Deal' }).click();
  // Stand until the hand is over (a blackjack settles it at once).
  await expect(page.locator('.hand.player')).toBeVisible();
  const stand = page.getByRole('button', { name: 'Stand' });
  for (let i = 0; i < 3 && (await stand.isEnabled()); i++) await stand.click();
  await expect(page.locator('.outcome').first()).toBeVisible();
  const payouts = await page.locator('.outcome').allTextContents();
  const paid = payouts.reduce(
    (sum, text) => sum + (/· €([\d.]+)/.exec(text) ? euros(/· €([\d.]+)/.exec(text)![1]!) : 0),
    0,
  );
  await expect
    .poll(async () => euros((await page.locator('#balance').textContent()) ?? ''))
    .toBeCloseTo(before - 5 + paid, 2);
  // The wallet answers the same: the site's own balance call.
  const info = await page.request.get(`${platform.url}/api/account/getBalance?v=2.34&locale=en-US`);
  const total = ((await info.json()) as { data: { balance_total: { amount: string } } }).data
    .balance_total.amount;
  expect(Number(total)).toBeCloseTo(before - 5 + paid, 2);
});

test('provably fair: a revealed seed recomputes the shown roll in the browser', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, 'northstar-dice');
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  const shown = await page.locator('#roll-value').textContent();
  const nonce = await page.locator('#roll-value').getAttribute('data-nonce');
  const hash = await page.locator('#server-seed-hash').textContent();
  await page.getByRole('button', { name: 'Reveal seed and start a new one' }).click();
  await expect(page.locator('#revealed-seed')).toBeVisible();
  const [verify] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Verify past rolls' }).click(),
  ]);
  await verify.waitForLoadState();
  await expect(verify.getByLabel('Nonce')).toHaveValue(nonce!);
  await expect(verify.locator('.roll')).toHaveText(`Roll: ${shown}`);
  await expect(verify.locator('.hash')).toHaveText(`SHA-256 of the server seed: ${hash}`);
});

test('roulette on a phone: a straight bet and an outside bet, then a spin', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, 'northstar-european-roulette');
  await page.getByRole('button', { name: '17', exact: true }).click();
  await page.getByRole('button', { name: 'Red', exact: true }).click();
  await expect(page.locator('.total')).toHaveText('Total bet: €2.00');
  await page.getByRole('button', { name: 'Spin' }).click();
  await expect(page.locator('.pocket')).toBeVisible({ timeout: 30_000 });
  const pocket = Number(await page.locator('.pocket').textContent());
  expect(pocket).toBeGreaterThanOrEqual(0);
  expect(pocket).toBeLessThanOrEqual(36);
});

for (const width of [1440, 375]) {
  test(`each engine's frame at ${width} px has no serious axe violation`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const sysname of [
      'northstar-sunny-lemons-rising',
      'northstar-european-roulette',
      'northstar-blackjack-classic',
      'northstar-dice',
    ]) {
      await open(page, sysname);
      expect(await seriousViolations(page), sysname).toEqual([]);
    }
  });
}
