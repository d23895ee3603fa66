import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { get, lastCode, post, signUp, type ApiAnswer } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { cmsCall, cmsEditor } from '../../testing/cms.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { requirementsOf } from '../../payments/index.ts';

/**
 * §8 UserNeedProfileData and UserNeedConfirmContact: what the operator requires before money
 * moves, per operation, from the site config (`cashier.requirements`, `forms.profile`). The demo
 * content: a withdrawal needs the profile form's fields and a confirmed contact; a deposit
 * needs nothing.
 */
let server: TestServer;
const secret = 'whsec_requirements_test';

beforeAll(async () => {
  process.env.PAYMENT_SANDBOX_SECRET = secret;
  process.env.PAYMENT_SANDBOX_PENDING_SECONDS = '1';
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

async function newPlayer() {
  const { tab, email } = await signUp(server, 'needs');
  return { tab, email };
}

/** A paid deposit of 100 (the success card on the provider's page, its webhook applied). */
async function fund(tab: typeof fetch) {
  const made = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '100' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { transaction, url } = made.body.data as { transaction: number; url: string };
  await fetch(`${server.url}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }),
  });
  const until = Date.now() + 8000;
  while (Date.now() < until) {
    const info = await get(tab, 'cashier/getdepositinfo', { id: transaction });
    if ((info.body.data as { status: string }).status === 'success') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the deposit was not paid');
}

const withdraw = (tab: typeof fetch) =>
  post(tab, 'cashier/makewithdrawal', {
    method: 'card',
    amount: '50',
    requisites: '4242424242424242',
  });

const expectError = (answer: ApiAnswer, type: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error?.type).toBe(`${type}Exception`);
};

async function confirmEmail(tab: typeof fetch, email: string) {
  expect((await post(tab, 'account/sendconfirmationtocontact', { contact: email })).status).toBe(
    200,
  );
  const code = await lastCode(tab, email);
  expect((await post(tab, 'account/confirmContact', { contact: email, code })).body.data).toBe(1);
}

async function setRequirements(requirements: Record<string, string[]>) {
  const put = await cmsCall(server.url, 'PUT', '/cms/site-config?locale=en-US', {
    editor: await cmsEditor(server),
    body: { data: { cashier: { requirements } } },
  });
  expect(put.status).toBe(200);
}

describe('the demo’s requirements', () => {
  it('a withdrawal needs the profile form’s fields, then a confirmed contact; a deposit nothing', async () => {
    const { tab, email } = await newPlayer();
    // A deposit needs nothing: unconfirmed, without an address, the player deposits.
    await fund(tab);
    const noProfile = await withdraw(tab);
    expectError(noProfile, 'UserNeedProfileData');
    expect(noProfile.body.error?.error_data).toEqual({
      operation: 'withdrawal',
      fields: ['home_town', 'address', 'postcode'],
    });
    // Not a penny moved.
    expect(
      ((await get(tab, 'account/getBalance')).body.data as { balance_main: { amount: string } })
        .balance_main.amount,
    ).toBe('100.00');
    expect(
      (
        await post(tab, 'account/saveProfileInfo', {
          home_town: 'Las Vegas',
          address: '3600 Las Vegas Blvd S',
          postcode: '89109',
        })
      ).status,
    ).toBe(200);
    expectError(await withdraw(tab), 'UserNeedConfirmContact');
    await confirmEmail(tab, email);
    const made = await withdraw(tab);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await expectBooksBalance(server.database);
  });

  it('the demo player can withdraw as seeded', async () => {
    const tab = server.browser();
    const login = await post(tab, 'auth/login', {
      login: 'demo@northstar.test',
      password: 'NorthstarDemo1',
    });
    expect(login.status).toBe(200);
    expect((await withdraw(tab)).status).toBe(200);
  });
});

describe('the operator’s setting', () => {
  it('is honoured per operation: deposits may require both, withdrawals none', async () => {
    await setRequirements({ deposit: ['profile', 'confirmed_contact'], withdrawal: [] });
    try {
      const { tab, email } = await newPlayer();
      const needsProfile = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '20' });
      expectError(needsProfile, 'UserNeedProfileData');
      expect(needsProfile.body.error?.error_data).toMatchObject({ operation: 'deposit' });
      await post(tab, 'account/saveProfileInfo', {
        home_town: 'Las Vegas',
        address: '3600 Las Vegas Blvd S',
        postcode: '89109',
      });
      expectError(
        await post(tab, 'cashier/makedeposit', { method: 'card', amount: '20' }),
        'UserNeedConfirmContact',
      );
      await confirmEmail(tab, email);
      await fund(tab);

      // Withdrawals require nothing now: a player without address or confirmed contact withdraws.
      const other = await newPlayer();
      await server.database.query(sql`
        update players set address = 'Rua Augusta 1', home_town = 'Lisbon', postcode = '1100048'
        where login = ${other.email}`);
      await confirmEmail(other.tab, other.email);
      await fund(other.tab);
      await server.database.query(sql`
        update players set address = null where login = ${other.email}`);
      await server.database.query(sql`
        update contacts set is_confirmed = false where contact = ${other.email}`);
      expect((await withdraw(other.tab)).status).toBe(200);
    } finally {
      await setRequirements({ deposit: [], withdrawal: ['profile', 'confirmed_contact'] });
    }
  });
});

describe('requirementsOf', () => {
  it('reads the setting leniently and keeps to the profile fields a player row holds', () => {
    const config = {
      forms: { profile: ['first_name', { sysname: 'address' }, 'email', 7, 'first_name'] },
      cashier: { requirements: { deposit: ['confirmed_contact', 'bogus'], withdrawal: 'all' } },
    };
    expect(requirementsOf(config, 'deposit')).toEqual({
      profileFields: [],
      confirmedContact: true,
    });
    expect(requirementsOf(config, 'withdrawal')).toEqual({
      profileFields: [],
      confirmedContact: false,
    });
    expect(
      requirementsOf(
        { ...config, cashier: { requirements: { withdrawal: ['profile'] } } },
        'withdrawal',
      ),
    ).toEqual({ profileFields: ['first_name', 'address'], confirmedContact: false });
    expect(requirementsOf(null, 'deposit')).toEqual({ profileFields: [], confirmedContact: false });
  });
});
