import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { toBeHydrated } from './hydration.ts';

const API = '?v=2.34&locale=en-US';
const MARKER = { 'X-App-Client': 'web/2.34' };
/** The payment sandbox's card that is paid at once. */
export const PAID_CARD = '4242424242424242';

/** Pays on the sandbox provider's page (the window the deposit form opened) with a test card. */
export async function payOnSandboxPage(provider: Page, amount: string, card = PAID_CARD) {
  await expect(provider).toHaveURL(/\/payments\/sandbox\/pay\/pay_/);
  await provider.getByLabel('Card number').fill(card);
  await provider.getByLabel('Expiry (MM/YY)').fill('12/34');
  await provider.getByLabel('CVC').fill('123');
  await provider.getByRole('button', { name: `Pay ${amount} EUR` }).click();
}

/**
 * A deposit made through the API and paid on the sandbox provider's form (fast set-up, the
 * browser's cookies being the player's): waits until the cashier says it succeeded. `extra`
 * carries e.g. `campaign_offer_id`.
 */
export async function depositThroughSandbox(
  request: APIRequestContext,
  amount: string,
  extra: Record<string, string> = {},
): Promise<number> {
  const made = await request.post(`/api/cashier/makedeposit${API}`, {
    headers: MARKER,
    multipart: { method: 'card', amount, ...extra },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { data } = (await made.json()) as { data: { transaction: number; url: string } };
  const paid = await request.post(data.url, {
    form: { number: PAID_CARD, expiry: '12/34', cvc: '123', action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => {
      const info = await request.get(
        `/api/cashier/getdepositinfo${API}&id=${String(data.transaction)}`,
      );
      return ((await info.json()) as { data: { status: string } }).data.status;
    })
    .toBe('success');
  return data.transaction;
}

/**
 * The cashier's amount field once React owns it: a value typed into the server's HTML before
 * hydration is replaced by the form's state when React takes the field over, and the deposit then
 * goes without it (the self-exclusion test lost its deposit attempt that way).
 */
export async function amountField(page: Page, label = 'Amount (EUR)'): Promise<Locator> {
  const field = page.getByLabel(label);
  await toBeHydrated(field);
  return field;
}

/**
 * The demo content's withdrawals need the profile form's fields and a confirmed contact (§8):
 * the player (signed in on `request`) saves an address and confirms `email` with the code from
 * the outbox.
 */
export async function readyToWithdraw(request: APIRequestContext, email: string): Promise<void> {
  const post = (method: string, params: Record<string, string>) =>
    request.post(`/api/${method}${API}`, { headers: MARKER, multipart: params });
  const saved = await post('account/saveProfileInfo', {
    home_town: 'Las Vegas',
    address: '3600 Las Vegas Blvd S',
    postcode: '89109',
  });
  expect(saved.status()).toBe(200);
  expect((await post('account/sendconfirmationtocontact', { contact: email })).status()).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/dev/mail.json')).json()) as {
        recipient: string;
        body: string;
      }[];
      code = /\b(\d{6})\b/.exec(outbox.find((m) => m.recipient === email)?.body ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  expect((await post('account/confirmContact', { contact: email, code })).status()).toBe(200);
}
