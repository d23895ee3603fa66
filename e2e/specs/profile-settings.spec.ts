import { expect, test, type Page } from '@playwright/test';
import { DEMO_VERIFIED_PLAYER, registerPlayer, signInAsDemo } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Issue #25, the profile's settings and notifications pages in Chromium at 1440 px and 375 px:
 * a new player fills their profile (sent here by the cashier's fill_for_deposit refusal, and
 * taken back after saving), confirms their e-mail with the code from the sandbox outbox,
 * subscribes it and gives marketing consent by keyboard; axe finds nothing serious on either page.
 */

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

test('a verified player sees their account overview and the details verification proved locked at 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsDemo(page, DEMO_VERIFIED_PLAYER);

  // /profile (§2): the account at a glance, with each section's state in a line.
  await page.goto('/profile');
  const main = page.locator('[data-remote="profile"]');
  await expect(main.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  // The section menu leads here first, and marks it as the page the player is on.
  await expect(
    page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Profile', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const account = main.getByRole('region', { name: 'Your account' });
  await expect(account.getByText('Identity verified')).toBeVisible();
  await expect(account.getByText('Vera Castell')).toBeVisible();
  await expect(account.getByText('VerifiedDemo')).toBeVisible();
  await expect(
    account.getByRole('listitem').filter({ hasText: DEMO_VERIFIED_PLAYER.login }),
  ).toContainText('Confirmed');
  await expect(main.getByRole('region', { name: 'Balances' })).toContainText('Real money');
  const sections = main.getByRole('region', { name: 'Your profile' });
  await expect(sections.getByRole('link', { name: /Security/ })).toContainText(
    'Two-step verification is off.',
  );
  await expect(sections.getByRole('link', { name: /Responsible gaming/ })).toContainText(
    'No limits set',
  );
  await expect(sections.getByRole('link', { name: /Verification/ })).toContainText(
    'Your identity is verified.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/profile-overview-375.png', fullPage: true });

  // Settings: what verification proved is read-only, with the reason; the rest stays editable.
  await page.goto('/profile/settings');
  const details = main.getByRole('form', { name: 'Personal details' });
  await expect(
    main.getByRole('region', { name: 'Personal details' }).getByText('Verified', { exact: true }),
  ).toBeVisible();
  await expect(details.getByText('Details checked during verification are locked.')).toBeVisible();
  for (const label of ['First name', 'Last name']) {
    await expect(details.getByLabel(label)).toHaveAttribute('readonly', '');
  }
  await expect(details.getByLabel('First name')).toHaveValue('Vera');
  await expect(details.getByText('Verified: contact support to change it.').first()).toBeVisible();
  await expect(details.getByLabel('Address')).not.toHaveAttribute('readonly', '');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({
    path: 'e2e/artifacts/profile-settings-verified-375.png',
    fullPage: true,
  });
});

test('a player changes their nickname, currency and language, each with its visible result', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerPlayer(page.request, `prefs-${Date.now()}@example.com`);
  await page.goto('/profile/settings');
  const main = page.locator('[data-remote="profile"]');
  const prefs = main.getByRole('region', { name: 'Account preferences' });
  await toBeHydrated(prefs.getByRole('button', { name: 'Save nickname' }));

  // §5 nickname: at least 4 characters, the message on the field; then saved.
  const nickname = prefs.getByLabel('Nickname');
  await nickname.fill('abc');
  await prefs.getByRole('button', { name: 'Save nickname' }).click();
  await expect(nickname).toHaveAttribute('aria-invalid', 'true');
  await expect(prefs.getByText('Min length 4')).toBeVisible();
  const chosen = `Star${Date.now() % 1_000_000}`;
  await nickname.fill(chosen);
  await prefs.getByRole('button', { name: 'Save nickname' }).click();
  await expect(page.getByTestId('toast-region')).toContainText('Your nickname is saved.');
  await expect(nickname).not.toHaveAttribute('aria-invalid', 'true');

  // Currency, while no money has moved: the account is in dollars now.
  const currency = prefs.getByLabel('Account currency');
  await currency.selectOption('USD');
  await prefs.getByRole('button', { name: 'Change currency' }).click();
  await expect(page.getByTestId('toast-region')).toContainText('Your currency is changed.');
  await expect(currency).toHaveValue('USD');
  await expect(prefs.getByRole('button', { name: 'Change currency' })).toBeDisabled();

  // The overview shows both.
  await page.goto('/profile');
  const account = main.getByRole('region', { name: 'Your account' });
  await expect(account.getByText(chosen)).toBeVisible();
  await expect(main.getByRole('region', { name: 'Balances' })).toContainText('$');

  // Language: the page comes back under the new prefix, in Spanish.
  await page.goto('/profile/settings');
  await toBeHydrated(prefs.getByRole('button', { name: 'Change language' }));
  await prefs.getByLabel('Language').selectOption('es-ES');
  await prefs.getByRole('button', { name: 'Change language' }).click();
  await expect(page).toHaveURL(/\/es-ES\/profile\/settings$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Ajustes de la cuenta' })).toBeVisible();
  const info = (await (
    await page.request.get('/api/account/getInfo?v=2.34&locale=es-ES')
  ).json()) as { data: { locale: string; currency: string; fakename: string } };
  expect(info.data).toMatchObject({ locale: 'es-ES', currency: 'USD', fakename: chosen });
});
