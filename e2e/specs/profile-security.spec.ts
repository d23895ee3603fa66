import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { registerPlayer } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Issue #25 `/profile/security` in Chromium at 1440 px and 375 px: a player turns on the
 * authenticator app (the code is computed here with the same RFC 6238 library), signs out, signs
 * in through the sign-in popup with a code from the app, uses a recovery code once (the second
 * use is refused), and ends another session (a second browser context is signed out). The page
 * is used by keyboard and axe finds nothing serious. Screenshots go to e2e/artifacts/screenshots.
 */
const OUT = path.join(import.meta.dirname, '../artifacts/screenshots');
const PASSWORD = 'Secret-123';
const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

const logout = (page: Page) =>
  page.request.get('/api/auth/logout?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
  });

const infoStatus = async (page: Page) =>
  (await page.request.get('/api/account/getInfo?v=2.34&locale=en-US')).status();

/** Signs in through the popup up to the two-step view and gives the code. */
async function popupSignIn(page: Page, email: string, code: string) {
  await page.goto('/?show_popup_auth=1');
  const signIn = page.getByRole('dialog', { name: 'Sign in to Northstar' });
  await signIn.getByLabel('E-mail or phone').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  const twofa = page.getByRole('dialog', { name: 'Two-step verification' });
  const field = twofa.getByLabel('Code from the app or a recovery code');
  await expect(field).toBeVisible();
  // The app's step: nothing was sent, so no countdown and no "send a new code".
  await expect(twofa.getByText(/ask for a new code/)).toHaveCount(0);
  await field.fill(code);
  await field.press('Enter');
  return twofa;
}

for (const width of [1440, 375]) {
  test(`at ${width} px a player turns on the authenticator app, signs in with it and a recovery code, and ends another session`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const email = unique(`security-${width}`);
    await registerPlayer(page.request, email);

    await page.goto('/profile/security', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page.getByText(/soon/i)).toHaveCount(0);
    await page.screenshot({
      path: path.join(OUT, `profile-security-${width}.png`),
      fullPage: true,
    });
    expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);

    // Set-up by keyboard: focus the button, Enter; the code field takes the focus.
    const setUp = page.getByRole('button', { name: 'Set up the app' });
    await toBeHydrated(setUp);
    await setUp.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId('manual-key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    await page.screenshot({
      path: path.join(OUT, `profile-security-setup-${width}.png`),
      fullPage: true,
    });
    expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);

    const codeField = page.getByLabel('Code from the app', { exact: true });
    await expect(codeField).toBeFocused();
    await page.keyboard.type('12345');
    await page.keyboard.press('Enter');
    await expect(page.getByText('The code must contain 6 digits')).toBeVisible();
    const now = Date.now();
    await codeField.fill(totp.generate({ timestamp: now }));
    await page.keyboard.press('Enter');
    const recoveryList = page.getByRole('list', { name: 'Recovery codes' });
    await expect(recoveryList.getByRole('listitem')).toHaveCount(10);
    const recovery = (await recoveryList.getByRole('listitem').allInnerTexts()).map((c) =>
      c.trim(),
    );
    await page.screenshot({
      path: path.join(OUT, `profile-security-recovery-${width}.png`),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

    // Sign out; the sign-in asks for the app's code. The set-up used this step's code: the next
    // step's (accepted one step ahead) is computed here.
    await logout(page);
    const twofa = await popupSignIn(page, email, totp.generate({ timestamp: now + 30_000 }));
    await expect(twofa).toHaveCount(0);
    await expect.poll(() => infoStatus(page)).toBe(200);

    // A recovery code signs in once; the second time it is refused on the field.
    await logout(page);
    const first = await popupSignIn(page, email, recovery[0]!);
    await expect(first).toHaveCount(0);
    await expect.poll(() => infoStatus(page)).toBe(200);
    await logout(page);
    const again = await popupSignIn(page, email, recovery[0]!);
    await expect(again.getByText('This code is not right. Check it and try again.')).toBeVisible();
    expect(await infoStatus(page)).toBe(401);
    await again.getByLabel('Code from the app or a recovery code').fill(recovery[1]!);
    await again.getByRole('button', { name: 'Confirm' }).click();
    await expect(again).toHaveCount(0);
    await expect.poll(() => infoStatus(page)).toBe(200);

    // Another browser signs in (with a third recovery code); this page ends its session.
    const other = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const signedIn = await other.request.post('/api/auth/login?v=2.34&locale=en-US', {
      headers: { 'X-App-Client': 'web/2.34' },
      multipart: { login: email, password: PASSWORD, code: recovery[2]! },
    });
    expect(signedIn.status()).toBe(200);
    const otherInfo = () =>
      other.request.get('/api/account/getInfo?v=2.34&locale=en-US').then((r) => r.status());
    expect(await otherInfo()).toBe(200);

    await page.goto('/profile/security', { waitUntil: 'networkidle' });
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByText(/Safari on iOS/)).toBeVisible();
    await page.screenshot({
      path: path.join(OUT, `profile-security-sessions-${width}.png`),
      fullPage: true,
    });
    const end = sessions.getByRole('button', { name: /End the session on Safari on iOS/ });
    await toBeHydrated(end);
    // By keyboard, on the button as it is now (a refresh may have drawn the list again).
    await end.press('Enter');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByText('You are signed in on this device only.')).toBeVisible();
    expect(await otherInfo()).toBe(401);
    expect(await infoStatus(page)).toBe(200);
    expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);
    await other.close();
  });
}

test('at 1440 px changing the password shows field errors, then signs out the other browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = unique('security-password');
  await registerPlayer(page.request, email);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signIn = await other.request.post('/api/auth/login?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { login: email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);

  await page.goto('/profile/security', { waitUntil: 'networkidle' });
  const current = page.getByLabel('Current password');
  await toBeHydrated(current);
  await current.fill('Wrong-999');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Repeat the new password').fill('abd');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Use at least 6 characters')).toBeVisible();
  await expect(page.getByText('The passwords are not equal')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Better-456');
  await page.getByLabel('Repeat the new password').fill('Better-456');
  await page.getByLabel('Repeat the new password').press('Enter');
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  await expect(current).toBeFocused();
  await current.fill(PASSWORD);
  await current.press('Enter');
  await expect(
    page.getByText('Your password is changed. Every other device was signed out.'),
  ).toBeVisible();
  expect(await infoStatus(page)).toBe(200);
  expect((await other.request.get('/api/account/getInfo?v=2.34&locale=en-US')).status()).toBe(401);
  await other.close();
});

/** The newest 6-digit code the outbox holds for `recipient`, newer than `after` if given. */
async function codeFor(page: Page, recipient: string, after?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/dev/mail.json')).json()) as {
        recipient: string;
        body: string;
      }[];
      const mail = outbox.find((m) => m.recipient === recipient);
      code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1] ?? '';
      return code !== '' && code !== after;
    })
    .toBe(true);
  return code;
}

const api = (page: Page, method: string, params: Record<string, string> = {}) =>
  page.request.post(`/api/${method}?v=2.34&locale=en-US`, {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: params,
  });

test('at 375 px two-step verification by a code sent to the confirmed e-mail, with the §4 resend countdown', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 900 });
  const email = unique('security-contact');
  await registerPlayer(page.request, email);
  expect((await api(page, 'account/sendconfirmationtocontact', { contact: email })).ok()).toBe(
    true,
  );
  const confirmCode = await codeFor(page, email);
  expect(
    (await api(page, 'account/confirmContact', { contact: email, code: confirmCode })).ok(),
  ).toBe(true);

  await page.goto('/profile/security', { waitUntil: 'networkidle' });
  const twofa = page.getByRole('region', { name: 'Two-step verification' });
  await expect(
    twofa.getByText(/At sign-in we send a 6-digit code to s•••@example\.com/),
  ).toBeVisible();
  const turnOn = twofa.getByRole('button', { name: 'Turn on' });
  await toBeHydrated(turnOn);
  await turnOn.click();
  await expect(twofa.getByText(/We sent a 6-digit code to s•••@example\.com/)).toBeVisible();
  await expect(twofa.getByText(/You can ask for a new code in 0:[0-5]\d/)).toBeVisible();
  const field = twofa.getByLabel('Verification code');
  await expect(field).toBeFocused();
  const code = await codeFor(page, email, confirmCode);
  await field.fill(code === '123456' ? '654321' : '123456');
  await field.press('Enter');
  await expect(twofa.getByText('This code is not right. Check it and try again.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(code);
  await field.press('Enter');
  await expect(page.getByText('Two-step verification by code is on.')).toBeVisible();
  await expect(twofa.getByRole('button', { name: 'Turn off' })).toBeVisible();
  expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);
  // The server agrees: a sign-in now asks for a code sent to the contact.
  await logout(page);
  const login = await api(page, 'auth/login', { login: email, password: PASSWORD });
  expect(await login.json()).toEqual({
    data: { two_factor_auth: true, resend_time: 60, two_factor_method: 'contact' },
  });
});
