import { expect, test, type Browser } from '@playwright/test';
import {
  registerPlayer,
  staffBrowser as signedInStaff,
  type StaffRole,
} from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { depositThroughSandbox } from '../support/cashier.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';

/**
 * The back office's operations screens (issue #30), in Chromium: a finance agent finds today's
 * deposit on the dashboard; an admin makes a bonus template and a promo code over it; the
 * operations screens by keyboard and with axe at the desktop and phone widths. Its own platform:
 * its templates and codes stay off the shared one.
 */

let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

/** A browser signed in to the back office on this spec's platform. */
const staffBrowser = (browser: Browser, role: StaffRole, width = 1440) =>
  signedInStaff(browser, platform.url, role, width);

test("a finance agent sees today's deposits on the dashboard", async ({ browser }) => {
  test.setTimeout(120_000);
  const player = await browser.newContext({ baseURL: platform.url });
  await registerPlayer(player.request, `dashboard-${Date.now()}@example.com`);
  await depositThroughSandbox(player.request, '40');
  await player.close();

  const { context, page } = await staffBrowser(browser, 'finance');
  await page.goto('/backoffice/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const eur = page.getByRole('region', { name: 'EUR per day' });
  const today = new Date().toISOString().slice(0, 10);
  const row = eur.getByRole('row').filter({ hasText: today });
  await expect(row).toHaveCount(1);
  // At least this player's deposit (the demo's own data may add to it).
  const deposits = await row.getByRole('cell').nth(1).innerText();
  expect(Number(deposits.split(' ')[0])).toBeGreaterThanOrEqual(40);

  // A period that ends before it starts is a field error, on the field.
  await page.getByLabel('From (UTC day)').fill('2026-03-02');
  await page.getByLabel('To (UTC day)').fill('2026-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('At most 92 days, ending on or after the start.')).toBeVisible();
  await context.close();
});

test('an admin makes a bonus template and a promo code over it', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `E2E free ten ${stamp}`;
  const code = `E2E${stamp}`;
  const { context, page } = await staffBrowser(browser, 'admin');
  await page.goto('/backoffice/bonuses');
  await expect(page.getByRole('heading', { name: 'Bonus templates', level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'New template' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Kind', { exact: true }).selectOption('no_deposit');
  await form.getByLabel('Trigger', { exact: true }).selectOption('promo_code');
  await form.getByLabel('Code (optional)').fill(`TPL${stamp}`);
  await form.getByLabel('Fixed amount').fill('10');
  await form.getByLabel('Multiplier', { exact: true }).fill('20');
  await form.getByRole('button', { name: 'Create the template' }).click();
  await expect(form.getByText('Template created.', { exact: false })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Bonus templates' })
      .getByRole('row')
      .filter({ hasText: name }),
  ).toContainText('10.00 EUR');

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Promo codes' })
    .click();
  await expect(page.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
  const newCode = page.getByRole('region', { name: 'New promo code' });
  await newCode.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  const templates = newCode.getByLabel('Bonus template it grants');
  const option = templates.locator('option', { hasText: name });
  await templates.selectOption((await option.getAttribute('value'))!);
  await newCode.getByLabel('Uses in all (empty: no limit)').fill('100');
  await newCode.getByRole('button', { name: 'Create the code' }).click();
  await expect(newCode.getByText('Code created.', { exact: false })).toBeVisible();
  const listed = page
    .getByRole('region', { name: 'Promo codes' })
    .getByRole('row')
    .filter({ hasText: code });
  await expect(listed).toContainText(name);
  await expect(listed).toContainText('0 of 100');

  // A code used already is a field error on the code.
  await newCode.getByLabel('Code', { exact: true }).fill(code);
  await newCode.getByRole('button', { name: 'Create the code' }).click();
  await expect(newCode.getByText('Already exists.')).toBeVisible();
  await expect(newCode.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Switched off from the list, by keyboard.
  await listed.getByRole('button', { name: `Switch off code ${code}` }).focus();
  await page.keyboard.press('Enter');
  await expect(listed.getByRole('button', { name: `Switch on code ${code}` })).toBeVisible();
  await context.close();
});

for (const width of [1440, 375]) {
  test(`at ${width} px the operations screens work by keyboard and have no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const { context, page } = await staffBrowser(browser, 'admin', width);
    await page.goto('/backoffice/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: the period's fields in order, Enter on the button shows it.
    await page.getByLabel('From (UTC day)').focus();
    await page.keyboard.press('Tab');
    // A date field has several parts the keyboard steps through; Shift+Tab back from the button.
    await page.getByRole('button', { name: 'Show' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('To (UTC day)')).toBeFocused();
    await page.getByRole('button', { name: 'Show' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/ to \d{4}-\d{2}-\d{2}\. Deposits count/)).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const [link, heading] of [
      ['Bonus templates', 'Bonus templates'],
      ['Promo codes', 'Promo codes'],
      ['Offers', 'Offers'],
      ['Cashback rules', 'Cashback rules'],
      ['Tournaments', 'Tournaments'],
      ['Loyalty', 'Loyalty'],
      ['Sportsbook', 'Sportsbook'],
    ] as const) {
      // Each screen opened from the navigation by keyboard.
      await nav.getByRole('link', { name: link }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      expect(await seriousViolations(page), link).toEqual([]);
      // At the phone's width nothing runs off the side of the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow, link).toBeLessThanOrEqual(0);
    }

    // A form by keyboard: the cashback terms' first field, then Tab to the next.
    await nav.getByRole('link', { name: 'Cashback rules' }).click();
    await page.getByRole('textbox', { name: 'Currency', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Percent of the net loss')).toBeFocused();
    await context.close();
  });
}
