import { expect, test } from '@playwright/test';
import { registerPlayer, staffAuth } from '../support/accounts.ts';
import { amountField } from '../support/cashier.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';

/**
 * The content backend's cashier config drives the deposit page (§3): an operator switches the
 * methods to a grid on their own pages, turns the §4 registration hint on and keeps the
 * provider's page in the same window. Its own platform, as it changes the site's config.
 */
let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

test('grid of methods on their own pages, the registration hint, the payment in the same window', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: platform.url });
  const staff = await staffAuth(context.request);
  const switched = await context.request.put('/cms/site-config?locale=en-US', {
    headers: staff,
    data: {
      data: {
        cashier: {
          depositViewType: 'grid',
          detailDisplayPlace: 'page',
          registrationHint: true,
          paymentMethodUrlDisplayMode: 'sameWindow',
          // §3: the operator's presets win over the server's defaults (20, 50, 100, 250).
          depositAmounts: [{ currency: 'EUR', amount: [{ value: 35 }, { value: 70 }] }],
        },
      },
    },
  });
  expect(switched.status()).toBe(200);

  const page = await context.newPage();
  await registerPlayer(page.request, `config-${Date.now()}@example.com`);

  await page.goto('/cashier/deposit', { waitUntil: 'networkidle' });
  // §4: a player who registered just now and has not deposited sees the hint; hiding it sticks.
  const hint = page.getByRole('region', { name: 'Welcome to Northstar!' });
  await expect(hint).toBeVisible();
  await hint.getByRole('button', { name: 'Hide' }).click();
  await expect(hint).toHaveCount(0);
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await expect(hint).toHaveCount(0);

  // The methods are links to their own pages; the form is there.
  await expect(page.getByLabel('Amount (EUR)')).toHaveCount(0);
  await page.getByRole('link', { name: /Visa \/ Mastercard/ }).click();
  await expect(page).toHaveURL(/\/cashier\/deposit\/card$/);
  const presets = page.getByRole('group', { name: 'Quick amounts' }).getByRole('button');
  await expect(presets).toHaveText([/\b35\b/, /\b70\b/]);
  await (await amountField(page)).fill('25');
  await page.getByRole('button', { name: /^Deposit/ }).click();
  // Same window: this tab goes to the provider's page.
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay\/pay_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay 25.00 EUR' }).click();
  await expect(page).toHaveURL(/\/cashier\/paysuccess\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await context.close();
});
