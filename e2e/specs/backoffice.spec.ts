import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demoStaff, registerPlayer, staffCode, type StaffRole } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { depositThroughSandbox, readyToWithdraw } from '../support/cashier.ts';
import { startPlatform, WORKSPACE_ROOT, type RunningPlatform } from '../support/platform.ts';

/**
 * The back office as operators use it (issue #30), in Chromium: a risk agent signs in with a
 * password and a code from an authenticator app, approves a player's identity documents and a
 * withdrawal, and finds both in the audit log; the main screens by keyboard and with axe. Its own
 * platform: the KYC sandbox never reviews on its own (staff decide), payouts take a second.
 */

let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform({
    env: { KYC_SANDBOX_REVIEW_SECONDS: '3600', PAYMENT_SANDBOX_PAYOUT_SECONDS: '1' },
  });
});
test.afterAll(async () => {
  await platform?.stop();
});

const API = '?v=2.34&locale=en-US';
const MARKER = { 'X-App-Client': 'web/2.34' };
const post = (request: APIRequestContext, method: string, params: Record<string, string> = {}) =>
  request.post(`/api/${method}${API}`, { headers: MARKER, multipart: params });

/** A real PNG (the site's touch icon), as the player's passport photo and selfie. */
const PHOTO = readFileSync(path.join(WORKSPACE_ROOT, 'apps/shell/public/apple-touch-icon.png'));

let seq = 0;

/**
 * A new player who sent their passport and a selfie through the KYC provider's page (the
 * sandbox's, as the player's browser posts it) and asked to withdraw `amount` after a deposit.
 */
async function playerWaitingForStaff(browser: Browser, amount: string) {
  const context = await browser.newContext({ baseURL: platform.url });
  const page = await context.newPage();
  const email = `backoffice-${Date.now()}-${++seq}@example.com`;
  await registerPlayer(page.request, email);
  // The withdrawal first (one whose identity is under review may not ask for one): a deposit,
  // the profile's address, a confirmed e-mail, then the request.
  await depositThroughSandbox(page.request, '100');
  await readyToWithdraw(page.request, email);
  const made = await post(page.request, 'cashier/makewithdrawal', {
    method: 'card',
    amount,
    requisites: '4242424242424242',
  });
  expect(made.status(), await made.text()).toBe(200);
  const withdrawal = ((await made.json()) as { data: { id: number } }).data.id;

  expect((await post(page.request, 'sumsub/createApplicant')).status()).toBe(200);
  const token = await post(page.request, 'sumsub/getAccessToken', { externalActionId: 'profile' });
  const { url } = ((await token.json()) as { data: { url: string } }).data;
  await page.goto(url);
  await page.getByLabel('Passport').check();
  await page.getByLabel('Front side').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Selfie').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Submit for review' }).click();

  const info = await page.request.get(`/api/account/getInfo${API}`);
  const id = ((await info.json()) as { data: { uid: number } }).data.uid;
  await context.close();
  return { id, email, withdrawal };
}

/**
 * Signs in on the back office's page as the demo `role` account: the password, then the code
 * its authenticator app shows. A code works once, so when another test of this spec used this
 * step's code, the staff member waits for the next one, as a person would.
 */
async function signIn(page: Page, role: StaffRole) {
  const account = demoStaff(role);
  await page.goto('/backoffice');
  await page.getByLabel('E-mail').fill(account.login);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Code');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await code.fill(staffCode(account.key));
    const answer = page.waitForResponse((r) => r.url().includes('/api/staff/signin'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    if ((await answer).status() === 200) {
      await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
      return;
    }
    await expect(page.getByText('That code is not right, or was already used.')).toBeVisible();
    await page.waitForTimeout(30_500 - (Date.now() % 30_000));
  }
  throw new Error(`${role} could not sign in`);
}

test('a risk agent approves a KYC applicant and a withdrawal, and both appear in the audit log', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const player = await playerWaitingForStaff(browser, '40');

  const context = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, 'risk');
  await expect(page.getByText('risk@northstar.test · risk')).toBeVisible();
  // A risk agent's screens: no staff-account or content screens.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText([
    'Players',
    'KYC queue',
    'Withdrawals',
    'Audit log',
    'Sportsbook',
  ]);

  // The KYC queue: the player's passport and selfie, each approved.
  await nav.getByRole('link', { name: 'KYC queue' }).click();
  const applicant = page.getByRole('region', { name: `Applicant ${player.email}` });
  await expect(applicant.getByRole('row')).toHaveCount(3);
  await applicant.getByRole('button', { name: 'Approve identity' }).click();
  await expect(applicant.getByRole('row', { name: /IDENTITY/ })).toContainText('approved');
  await applicant.getByRole('button', { name: 'Approve selfie' }).click();
  // Every document approved: the player is verified and leaves the queue.
  await expect(applicant).toHaveCount(0);

  // The withdrawal: approved, it goes to the payout provider.
  await nav.getByRole('link', { name: 'Withdrawals' }).click();
  const row = page.getByRole('row', { name: new RegExp(`^${player.withdrawal} `) });
  await expect(row).toContainText('40.00 EUR');
  await row.getByRole('button', { name: `Approve withdrawal ${player.withdrawal}` }).click();
  await expect(row.getByText('Paid out')).toBeVisible();

  // The audit log, filtered by the player: both decisions, by the risk agent, newest first.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Player id').fill(String(player.id));
  await page.getByLabel('Kind').selectOption('change');
  await page.getByRole('button', { name: 'Filter' }).click();
  const entries = page.getByRole('region', { name: 'Entries' }).getByRole('row');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(1)).toContainText('cashier/staffapprovewithdrawal');
  await expect(entries.nth(1)).toContainText('risk@northstar.test');
  await expect(entries.nth(1)).toContainText('"status":"approved"');
  await expect(entries.nth(2)).toContainText('sumsub/staffdecidedocument');
  await expect(entries.nth(2)).toContainText('"document":"SELFIE"');
  await expect(entries.nth(3)).toContainText('"document":"IDENTITY"');

  // The player's side: verified.
  const verified = await browser.newContext({ baseURL: platform.url });
  await post(verified.request, 'auth/login', { login: player.email, password: 'Secret-123' });
  const state = await verified.request.get(`/api/sumsub/getVerification${API}`);
  expect(((await state.json()) as { data: { status: string } }).data.status).toBe('approved');
  await verified.close();
  await context.close();
});

test('an admin makes a support agent, who sets up an authenticator app at the first sign-in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 1440, height: 900 },
  });
  const page = await admin.newPage();
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Staff accounts' })
    .click();
  const email = `agent-${Date.now()}@example.com`;
  const form = page.getByRole('region', { name: 'New account' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First password (6–20 characters)').fill('Agent-Secret-1');
  // Support is ticked by default.
  await expect(form.getByLabel('support')).toBeChecked();
  await form.getByRole('button', { name: 'Make the account' }).click();
  const row = page
    .getByRole('region', { name: 'Accounts' })
    .getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('support');
  await expect(row).toContainText('At next sign-in');
  await admin.close();

  // The agent's first sign-in: the password, then the app's set-up (its key), then its code.
  const agentContext = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 375, height: 800 },
  });
  const agent = await agentContext.newPage();
  await agent.goto('/backoffice');
  await agent.getByLabel('E-mail').fill(email);
  await agent.getByLabel('Password').fill('Agent-Secret-1');
  await agent.getByRole('button', { name: 'Continue' }).click();
  await expect(agent.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const key = (await agent.getByTestId('totp-secret').textContent())!;
  await agent.getByLabel('Code').fill(staffCode(key));
  await agent.getByRole('button', { name: 'Sign in' }).click();
  const codes = agent.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await agent.getByRole('button', { name: 'I have saved them' }).click();
  await expect(agent.getByText(`${email} · support`)).toBeVisible();
  await expect(agent.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText(
    ['Players', 'KYC queue', 'Bonus templates', 'Promo codes', 'Cashback rules', 'Live chat'],
  );
  await agentContext.close();
});

for (const width of [1440, 375]) {
  test(`at ${width} px the main screens work by keyboard and have no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      baseURL: platform.url,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/backoffice');
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, 'admin');

    // By keyboard: the navigation's links in order, Enter opens a screen.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Players' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'KYC queue' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Withdrawals' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();

    // The player search, typed and sent with Enter.
    await nav.getByRole('link', { name: 'Players' }).click();
    await page.getByLabel('Id, e-mail, phone or login').fill('demo@northstar.test');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'demo@northstar.test' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'demo@northstar.test' }).click();
    await expect(page.getByRole('heading', { name: /demo@northstar\.test/ })).toBeVisible();
    await expect(page.getByText('500.00 EUR')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    for (const [link, heading] of [
      ['KYC queue', 'KYC queue'],
      ['Withdrawals', 'Withdrawals'],
      ['Audit log', 'Audit log'],
      ['Staff accounts', 'Staff accounts'],
    ] as const) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await seriousViolations(page), link).toEqual([]);
    }
    // At the phone's width nothing runs off the side of the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}
