import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';

/**
 * Issue #25, the profile's settings and notifications pages in Chromium at 1440 px and 375 px:
 * a new player fills their profile (sent here by the cashier's fill_for_deposit refusal, and
 * taken back after saving), confirms their e-mail with the code from the sandbox outbox,
 * subscribes it and gives marketing consent by keyboard; axe finds nothing serious on either page.
 */

async function seriousViolations(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((node) => node.target.join(' ')) }));
}

/** The newest 6-digit code the outbox holds for `recipient`. */
async function codeFor(page: Page, recipient: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/dev/mail.json')).json()) as {
        recipient: string;
        body: string;
      }[];
      code =
        /\b(\d{6})\b/.exec(outbox.find((m) => m.recipient === recipient)?.body ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

for (const width of [1440, 375]) {
  test(`a new player fills their profile, confirms their e-mail and chooses notifications at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const email = `settings-${width}-${Date.now()}@example.com`;
    await registerPlayer(page.request, email);

    // §8 UserNeedProfileData sent the player here from the deposit page (§2 from, §9 toast).
    await page.goto('/profile/settings?from=deposit&toastType=fill_for_deposit');
    const main = page.locator('[data-remote="profile"]');
    await expect(main.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByTestId('toast-region')).toContainText(
      'Fill in your personal details to continue with your payment.',
    );
    await expect(page.getByRole('navigation', { name: 'Profile sections' })).toBeVisible();
    // Nothing is wider than the window (the menu bar scrolls inside itself on a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousViolations(page)).toEqual([]);

    const details = main.getByRole('form', { name: 'Personal details' });
    await expect(details.getByLabel('First name')).toHaveValue('Cleo');
    // The server's HTML shows before React takes it over; a click before that is lost.
    await toBeHydrated(details.getByRole('button', { name: 'Save details' }));
    // §5 the country's postcode format, with a translated message on the field.
    await details.getByLabel('Postcode').fill('891');
    await details.getByLabel('Town or city').fill('Las Vegas');
    await details.getByLabel('Address').fill('3570 Las Vegas Blvd South');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
    await expect(details.getByText('Wrong format')).toBeVisible();
    await expect(details.getByLabel('Postcode')).toBeFocused();
    // The mask keeps to the US ZIP format as it is typed.
    await details.getByLabel('Postcode').fill('89109');
    await details.getByRole('button', { name: 'Save details' }).click();
    // Saved: back to where the refusal came from.
    await expect(page).toHaveURL(/\/cashier\/deposit$/);
    const profile = (await (
      await page.request.get('/api/account/getprofileinfo?v=2.34&locale=en-US')
    ).json()) as { data: Record<string, unknown> };
    expect(profile.data).toMatchObject({
      home_town: 'Las Vegas',
      address: '3570 Las Vegas Blvd South',
      postcode: '89109',
    });

    // §4 contact confirmation with the code from the outbox; a wrong code is refused first.
    await page.goto('/profile/settings');
    const contacts = main.getByRole('region', { name: 'E-mail and phone' });
    const row = contacts.getByRole('listitem').filter({ hasText: email });
    await expect(row.getByText('Not confirmed')).toBeVisible();
    await toBeHydrated(row.getByRole('button', { name: 'Send a code' }));
    await row.getByRole('button', { name: 'Send a code' }).click();
    await expect(row.getByText('Code sent')).toBeVisible();
    await expect(row.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
    const code = await codeFor(page, email);
    const codeField = row.getByLabel('Confirmation code');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await codeField.press('Enter');
    await expect(row.getByText('This code is not valid.')).toBeVisible();
    await codeField.fill(code);
    await row.getByRole('button', { name: 'Confirm' }).click();
    await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();

    // Notifications, by keyboard: subscribe the confirmed address, consent to casino e-mail.
    await page.goto('/profile/notification');
    await expect(main.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const subscription = main.getByRole('checkbox', {
      name: `News and offers by e-mail to ${email}`,
    });
    await expect(subscription).not.toBeChecked();
    await toBeHydrated(subscription);
    await subscription.focus();
    await page.keyboard.press('Space');
    await expect(subscription).toBeChecked();
    const casino = main.getByRole('group', { name: 'Casino' });
    const casinoEmail = casino.getByRole('checkbox', { name: 'E-mail' });
    await casinoEmail.focus();
    await page.keyboard.press('Space');
    await expect(casinoEmail).toBeChecked();
    await expect(casino.getByText(/^Given on /)).toBeVisible();
    // Tab moves on to the next channel of the same product.
    await page.keyboard.press('Tab');
    await expect(casino.getByRole('checkbox', { name: 'SMS' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: `e2e/artifacts/profile-notifications-${width}.png`,
      fullPage: true,
    });

    const consent = (await (
      await page.request.get('/api/account/getMarketingConsent?v=2.34&locale=en-US')
    ).json()) as { data: { product: string; channel: string; granted: boolean; source: string }[] };
    expect(consent.data).toContainEqual(
      expect.objectContaining({
        product: 'casino',
        channel: 'email',
        granted: true,
        source: 'settings',
      }),
    );
    await page.goto('/profile/settings');
    await expect(main.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/profile-settings-${width}.png`, fullPage: true });
  });
}
