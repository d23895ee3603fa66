import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { get, post } from './api.ts';
import type { TestServer } from './test-server.ts';

/** Only tests import this file: the cashier's real doors, as a player and the sandbox use them. */

/**
 * The demo content's withdrawals need the profile form's fields and a confirmed contact
 * (requirements.test.ts covers those errors): a player given them here.
 */
export async function meetRequirements(server: TestServer, id: number): Promise<void> {
  await server.database.query(sql`
    update players set home_town = 'Lisbon', address = 'Rua Augusta 1', postcode = '1100048'
    where id = ${id}`);
  await server.database.query(sql`update contacts set is_confirmed = true where player_id = ${id}`);
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000) {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** makedeposit, then the provider's page with `card`; answers the page's redirect. */
export async function sandboxDeposit(
  server: TestServer,
  tab: typeof fetch,
  amount: string,
  card: string | null,
) {
  const made = await post(tab, 'cashier/makedeposit', { method: 'card', amount });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { transaction, url } = made.body.data as { transaction: number; url: string };
  const page = await fetch(`${server.url}${url}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`${amount}.00 EUR`);
  if (card === null) return { transaction, url, location: null };
  const submitted = await fetch(`${server.url}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12/39', cvc: '123', action: 'pay' }),
  });
  return { transaction, url, location: submitted.headers.get('location'), submitted };
}

/**
 * A player (already signed up in `tab`) who deposited `amount` with the sandbox's good card and
 * asked to withdraw `withdraw` of it: the withdrawal's id, in stage `requested`.
 */
export async function requestedWithdrawal(
  server: TestServer,
  player: { tab: typeof fetch; id: number },
  amount = '100',
  withdraw = '40',
): Promise<number> {
  await meetRequirements(server, player.id);
  const { transaction } = await sandboxDeposit(server, player.tab, amount, '4242424242424242');
  const paid = await waitFor(
    async () =>
      (await get(player.tab, 'cashier/getdepositinfo', { id: transaction })).body.data as {
        status: string;
      },
    (value) => value.status === 'success',
  );
  expect(paid.status).toBe('success');
  const made = await post(player.tab, 'cashier/makewithdrawal', {
    method: 'card',
    amount: withdraw,
    requisites: '4242424242424242',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return (made.body.data as { id: number }).id;
}
