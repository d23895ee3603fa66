import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PLAYER, DEMO_STAFF, registerPlayer, signInAsStaff } from '../support/accounts.ts';
import {
  amountField,
  depositThroughSandbox,
  payOnSandboxPage,
  readyToWithdraw as readyForWithdrawal,
} from '../support/cashier.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { toBeHydrated, toBeStarted } from '../support/hydration.ts';

/**
 * The cashier as a new player uses it (issue "The cashier"): deposits through the sandbox
 * provider's real payment page (success, decline, pending, 3-D Secure), withdrawals through
 * their stages with a staff decision, history paging, the deposit limit and self-exclusion.
 * The spec runs its own platform: a 4-second pending card and 1-second payouts, and its own
 * sign-up budget (10 an hour from one address) for the new players it registers.
 */

let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform({
    env: { PAYMENT_SANDBOX_PENDING_SECONDS: '4', PAYMENT_SANDBOX_PAYOUT_SECONDS: '1' },
  });
});
test.afterAll(async () => {
  await platform?.stop();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++seq}@example.com`;

const api = (request: APIRequestContext, method: string, params: Record<string, string> = {}) =>
  request.post(`/api/${method}?v=2.34&locale=en-US`, {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: params,
  });
const apiGet = (request: APIRequestContext, method: string, params: Record<string, string> = {}) =>
  request.get(`/api/${method}?${new URLSearchParams({ v: '2.34', locale: 'en-US', ...params })}`);

const emails = new WeakMap<Page, string>();

/**
 * A seeded account (the demo player, or the staff account as a second player), signed in, in a
 * page of its own: the spec's sign-up budget (10 an hour) is kept for the tests that need a new
 * player's state.
 */
async function seededAccount(
  browser: Browser,
  account: { login: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.url });
  const page = await context.newPage();
  expect((await api(page.request, 'auth/login', account)).status()).toBe(200);
  return page;
}

/** A new player in EUR, signed in, in a browser page of its own on this spec's platform. */
async function newPlayer(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.url });
  const page = await context.newPage();
  const email = unique('cashier');
  await registerPlayer(page.request, email);
  emails.set(page, email);
  return page;
}

/** The player of `page` made ready to withdraw (support/cashier.ts). */
const readyToWithdraw = (page: Page) => readyForWithdrawal(page.request, emails.get(page)!);

/** Pays `amount` with `card` on the provider's page the deposit form sent the browser to. */
async function depositInBrowser(page: Page, amount: string, card: string): Promise<Page> {
  await page.goto('/cashier/deposit', { waitUntil: 'networkidle' });
  await (await amountField(page)).fill(amount);
  // The cashier config's default opens the provider's page in a new window; this tab then
  // follows the payment on the pay-new-window page.
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Deposit/ }).click();
  const provider = await opened;
  await expect(provider).toHaveURL(/\/payments\/sandbox\/pay\/pay_/);
  await expect(page).toHaveURL(/\/cashier\/paynewwindow\?transaction=\d+$/);
  await expect(page.getByRole('heading', { name: 'Continue in the new window' })).toBeVisible();
  await expect(provider.getByText(`${amount}.00 EUR`).first()).toBeVisible();
  await payOnSandboxPage(provider, `${amount}.00`, card);
  return provider;
}

/** A deposit made and paid through the API and the provider's form, as fast set-up. */
const fund = (page: Page, amount: string, extra: Record<string, string> = {}) =>
  depositThroughSandbox(page.request, amount, extra);

test.describe('a game asks for a top-up (§2 backUrl)', () => {
  test('the deposit form shows, and the finished deposit goes back to the game', async ({
    browser,
  }) => {
    const page = await seededAccount(browser, DEMO_PLAYER);
    const response = await page.goto('/cashier/deposit?backUrl=%2Fgame%2Fnorthstar-dice', {
      waitUntil: 'networkidle',
    });
    expect(response?.status()).toBe(200);
    // Signed in already: the page stays the deposit page (backUrl is the payment's return).
    await expect(page.getByLabel('Amount (EUR)')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/cashier\/deposit\?backUrl=%2Fgame%2Fnorthstar-dice$/);
    await (await amountField(page)).fill('25');
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: /^Deposit/ }).click();
    const provider = await opened;
    await provider.getByLabel('Card number').fill('4242 4242 4242 4242');
    await provider.getByLabel('Expiry (MM/YY)').fill('12/34');
    await provider.getByLabel('CVC').fill('123');
    await provider.getByRole('button', { name: 'Pay 25.00 EUR' }).click();
    // The tab that asked for the top-up is back in the game once the deposit finished.
    await expect(page).toHaveURL(/\/game\/northstar-dice$/, { timeout: 15_000 });
    // The payment window shows its result and never opens the game itself (it and the tab share
    // the kept return: the window used to take it first and the tab stayed waiting).
    await expect(provider.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(provider.url()).not.toMatch(/\/game\//);
  });

  test('another origin is never followed', async ({ browser }) => {
    const page = await seededAccount(browser, DEMO_PLAYER);
    await page.goto('/cashier/deposit?backUrl=https%3A%2F%2Fevil.example%2F', {
      waitUntil: 'networkidle',
    });
    await (await amountField(page)).fill('25');
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: /^Deposit/ }).click();
    const provider = await opened;
    await provider.getByLabel('Card number').fill('4242 4242 4242 4242');
    await provider.getByLabel('Expiry (MM/YY)').fill('12/34');
    await provider.getByLabel('CVC').fill('123');
    await provider.getByRole('button', { name: 'Pay 25.00 EUR' }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page).toHaveURL(/\/cashier\/paynewwindow\?transaction=\d+$/);
  });
});

test.describe('payment results of a transaction that is not the player’s', () => {
  test('an unknown or another player’s id is not found, never a pending spinner', async ({
    browser,
  }) => {
    const other = await seededAccount(browser, DEMO_PLAYER);
    const made = await api(other.request, 'cashier/makedeposit', { method: 'card', amount: '20' });
    const foreign = ((await made.json()) as { data: { transaction: number } }).data.transaction;
    const page = await seededAccount(browser, DEMO_STAFF);
    for (const path of [`/cashier/paysuccess/${foreign}`, '/cashier/payfail/987654321']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.locator('[data-system-page-spinner]')).toHaveCount(0);
    }
    // On a client-side navigation too.
    await page.goto('/cashier/deposit', { waitUntil: 'networkidle' });
    await toBeStarted(page);
    await page.evaluate((id) => {
      history.pushState(null, '', `/cashier/paypending/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, foreign);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('deposits', () => {
  test('a new player deposits with the success card and sees the balance', async ({ browser }) => {
    const page = await newPlayer(browser);
    const provider = await depositInBrowser(page, '50', '4242 4242 4242 4242');
    await expect(provider).toHaveURL(/\/cashier\/paysuccess\/\d+$/);
    await expect(provider.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    // The tab that stayed behind follows the payment to its result too.
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByText('€ 50.00').first()).toBeVisible();
    await page.goto('/cashier/wallet', { waitUntil: 'networkidle' });
    await expect(page.getByText('€ 50.00').first()).toBeVisible();
  });

  test('the payment page refuses an invalid card on its field; a declined card lands on payfail', async ({
    browser,
  }) => {
    const player = await newPlayer(browser);
    const page = await depositInBrowser(player, '20', '4242 4242 4242 4241');
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay 20.00 EUR' }).click();
    await expect(page).toHaveURL(/\/cashier\/payfail\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText('Your bank declined the card payment.')).toBeVisible();
    await expect(player.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  });

  test('a pending card shows pending, then turns to success when the provider confirms', async ({
    browser,
  }) => {
    const page = await depositInBrowser(await newPlayer(browser), '30', '4000 0000 0000 1000');
    await expect(page).toHaveURL(/\/cashier\/paypending\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment pending' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('a 3-D Secure card passes its step', async ({ browser }) => {
    const page = await depositInBrowser(await newPlayer(browser), '40', '4000 0000 0000 3220');
    await expect(page).toHaveURL(/\/challenge$/);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  });

  test('a deposit over the limit is refused with the translated message', async ({ browser }) => {
    const page = await newPlayer(browser);
    const limit = await api(page.request, 'account/setDepositLimit', { period: '1', amount: '20' });
    expect(limit.status()).toBe(200);
    await page.goto('/es-ES/cashier/deposit', { waitUntil: 'networkidle' });
    const submit = page.getByRole('button', { name: /^Depositar/ });
    await toBeHydrated(submit);
    await page.getByLabel('Importe (EUR)').fill('50');
    await expect(page.getByLabel('Importe (EUR)')).toHaveValue('50');
    await submit.click();
    await expect(
      page.getByText('Este depósito supera tu límite de depósito.', { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/es-ES\/cashier\/deposit$/);
  });
});

test.describe('what the operator requires (§8)', () => {
  test('a withdrawal without the profile data goes to the settings page, without a confirmed contact to the confirmation', async ({
    browser,
  }) => {
    const page = await newPlayer(browser);
    await fund(page, '100');
    const tryToWithdraw = async () => {
      await page.goto('/cashier/withdraw', { waitUntil: 'networkidle' });
      await amountField(page); // the form is React's before anything is typed
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await (await amountField(page)).fill('50');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
    };
    await tryToWithdraw();
    await expect(page).toHaveURL(/\/profile\/settings\?from=withdraw&toastType=fill_for_deposit$/);
    const saved = await api(page.request, 'account/saveProfileInfo', {
      home_town: 'Las Vegas',
      address: '3600 Las Vegas Blvd S',
      postcode: '89109',
    });
    expect(saved.status()).toBe(200);
    await tryToWithdraw();
    await expect(page).toHaveURL(/\/confirmation\?from=withdraw$/);
    // Nothing left the balance.
    const balance = await apiGet(page.request, 'account/getBalance');
    expect(
      ((await balance.json()) as { data: { balance_main: { amount: string } } }).data.balance_main
        .amount,
    ).toBe('100.00');
  });
});

test.describe('withdrawals', () => {
  test('requested, shown in the tracker and cancelled; another approved by staff and paid', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(60_000);
    const page = await newPlayer(browser);
    await fund(page, '200');
    await readyToWithdraw(page);
    await page.goto('/cashier/withdraw', { waitUntil: 'networkidle' });
    await amountField(page); // the form is React's before anything is typed
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await (await amountField(page)).fill('60');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.locator('dd[aria-live="polite"]')).toHaveText(/^Requested/);
    await page.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this withdrawal?' })
      .getByRole('button', { name: 'Cancel withdrawal' })
      .click();
    await expect(
      page.getByText('This withdrawal was cancelled and the money is back on your balance.'),
    ).toBeVisible();

    const made = await api(page.request, 'cashier/makewithdrawal', {
      method: 'card',
      amount: '70',
      requisites: '4242424242424242',
    });
    const { id } = ((await made.json()) as { data: { id: number } }).data;
    const staff = await playwright.request.newContext({ baseURL: platform.url });
    await signInAsStaff(staff, 'risk');
    const approved = await api(staff, 'cashier/staffapprovewithdrawal', { id: String(id) });
    expect(approved.status()).toBe(200);
    await staff.dispose();
    await page.goto(`/cashier/receipt?withdrawal=${id}`, { waitUntil: 'networkidle' });
    // The tracker's status line (its steps always list every stage by name).
    await expect(page.locator('dd[aria-live="polite"]')).toHaveText(/^Paid/, { timeout: 15_000 });
    await expect(page.locator('time')).toHaveCount(4);
  });
});

test.describe('a withdrawal with an active bonus (§2 burn-bonuses, issue #26)', () => {
  test('asks first: "Keep my bonus" sends nothing; "Withdraw anyway" withdraws and forfeits the bonus', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const page = await newPlayer(browser);
    // A deposit with the welcome offer grants its bonus; once activated it is the active bonus.
    const settings = await apiGet(page.request, 'cashier/getdepositsettings');
    const { offers } = (
      (await settings.json()) as { data: { offers: { id: number; title: string }[] } }
    ).data;
    const welcome = offers.find((offer) => offer.title.startsWith('Welcome bonus'));
    expect(welcome).toBeDefined();
    await fund(page, '100', { campaign_offer_id: String(welcome!.id) });
    let bonusId = 0;
    await expect
      .poll(async () => {
        const answer = await apiGet(page.request, 'bonuses/get');
        const { items } = (
          (await answer.json()) as { data: { items: { id: number; kind: string }[] } }
        ).data;
        // The deposit's bonus (the loyalty first-deposit quest pays its own reward beside it).
        bonusId = items.find((item) => item.kind === 'deposit_match')?.id ?? 0;
        return bonusId;
      })
      .not.toBe(0);
    expect(
      (await api(page.request, 'bonuses/activate', { bonus_id: String(bonusId) })).status(),
    ).toBe(200);
    await readyToWithdraw(page);

    await page.goto('/cashier/withdraw', { waitUntil: 'networkidle' });
    await amountField(page); // the form is React's before anything is typed
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await (await amountField(page)).fill('40');
    const request = page.getByRole('button', { name: 'Request withdrawal' });
    await request.click();
    const confirm = page.getByRole('alertdialog', { name: 'Withdraw and lose your bonus?' });
    await expect(confirm).toBeVisible();
    // The safe answer has the focus; it keeps the bonus and sends no withdrawal.
    await expect(confirm.getByRole('button', { name: 'Keep my bonus' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    const status = async () => {
      const answer = await apiGet(page.request, 'bonuses/get');
      return (
        (await answer.json()) as { data: { items: { id: number; status: string }[] } }
      ).data.items.find((item) => item.id === bonusId)?.status;
    };
    expect(await status()).toBe('active');
    await expect(page.locator('dd[aria-live="polite"]')).toHaveCount(0);

    await request.click();
    await confirm.getByRole('button', { name: 'Withdraw anyway' }).click();
    await expect(page.locator('dd[aria-live="polite"]')).toHaveText(/^Requested/);
    expect(await status()).toBe('forfeited');
  });
});

test.describe('history', () => {
  test('pages of 4, show more, and a tab switch reloads its own list', async ({ browser }) => {
    const page = await newPlayer(browser);
    for (const amount of ['11', '12', '13', '14', '15']) {
      expect(
        (await api(page.request, 'cashier/makedeposit', { method: 'card', amount })).status(),
      ).toBe(200);
    }
    await page.goto('/cashier/history?tab=deposit', { waitUntil: 'networkidle' });
    await expect(page.getByText('€ 15.00')).toBeVisible();
    await expect(page.getByText('€ 11.00')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.getByText('€ 11.00')).toBeVisible();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await expect(page).toHaveURL(/tab=withdrawal/);
    await expect(page.getByText('€ 15.00')).toHaveCount(0);
  });
});

test.describe('self-exclusion', () => {
  test('a self-excluded player cannot deposit but can still withdraw', async ({ browser }) => {
    const page = await newPlayer(browser);
    await fund(page, '100');
    await readyToWithdraw(page);
    const excluded = await api(page.request, 'account/setSelfExclusion', {
      period: '7d',
      password: 'Secret-123',
    });
    expect(excluded.status()).toBe(200);
    // The exclusion signs every session out (issue #25); the player signs in again to withdraw.
    expect(
      (
        await api(page.request, 'auth/login', { login: emails.get(page)!, password: 'Secret-123' })
      ).status(),
    ).toBe(200);
    await page.goto('/cashier/deposit', { waitUntil: 'networkidle' });
    await (await amountField(page)).fill('20');
    await page.getByRole('button', { name: /^Deposit/ }).click();
    await expect(
      page.getByText('Your account is self-excluded, so payments are paused', { exact: false }),
    ).toBeVisible();
    await page.goto('/cashier/withdraw', { waitUntil: 'networkidle' });
    await amountField(page); // the form is React's before anything is typed
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await (await amountField(page)).fill('50');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.locator('dd[aria-live="polite"]')).toHaveText(/^Requested/);
  });
});
