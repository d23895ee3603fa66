import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { api } from '@northstar/contract';
import { DEMO_PLAYER } from '../../demo/index.ts';
import { get, lastCode, post, registerPlayer } from '../../testing/api.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let demo: typeof fetch;
beforeAll(async () => {
  server = await startTestServer();
  demo = server.browser();
  await post(demo, 'auth/login', { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password });
}, 60_000);
afterAll(() => server.close());

async function newPlayer(email: string) {
  return (await registerPlayer(server.browser(), email)).tab;
}

describe('account', () => {
  it('getInfo answers every field of "Account info" with the ledger-backed balances', async () => {
    const answer = await get(demo, 'account/getInfo');
    expect(answer.status).toBe(200);
    expect(v.safeParse(api.account.getInfo.response, answer.body.data).success).toBe(true);
    expect(answer.body.data).toMatchObject({
      login: DEMO_PLAYER.login,
      balance_main: { amount: '500.00', currency: 'EUR' },
      balance_bonus: { amount: '25.00', currency: 'EUR' },
      balance_betting_bonus: { amount: '0.00', currency: 'EUR' },
      balance_fun: { amount: '0.00', currency: 'EUR' },
      two_factor_auth: false,
    });
    const balance = await get(demo, 'account/getBalance');
    expect(balance.body.data).toMatchObject({
      balance_total: { amount: '525.00', currency: 'EUR' },
    });
  });

  it('refuses visitors on player methods', async () => {
    const answer = await get(server.browser(), 'account/getBalance');
    expect(answer.status).toBe(401);
    expect(answer.body.error?.type).toBe('AuthorizationException');
  });

  it('saves the profile (success is data 1) and reads it back with contacts and document', async () => {
    const tab = await newPlayer('fred@example.com');
    const saved = await post(tab, 'account/saveProfileInfo', {
      first_name: 'Fred',
      last_name: 'Souza',
      birth_date: '1990-04-12',
      country_code: 'BR',
      document_type: 'cpf',
      document_number: '123.456.789-09',
      postcode: '01310100',
    });
    expect(saved.body).toEqual({ data: 1 });
    const profile = await get(tab, 'account/getprofileinfo', { fields: 'contacts,document' });
    expect(profile.body.data).toMatchObject({
      first_name: 'Fred',
      country_code: 'BR',
      email: 'fred@example.com',
      currency: 'USD',
      document: { type: 'cpf', number: '123.456.789-09', cpf: '123.456.789-09' },
      contacts: [{ type: 'email', contact: 'fred@example.com', is_confirmed: false }],
    });
    const bad = await post(tab, 'account/saveProfileInfo', { first_name: 'Fr3d', postcode: '12a' });
    expect(bad.body.error?.invalid_parameters).toEqual({
      first_name: ['name'],
      postcode: ['postcode'],
    });
  });

  it('describes the personal-data fields per country', async () => {
    const us = await get(server.browser(), 'account/getPersonalDataFields', { country: 'US' });
    const br = await get(server.browser(), 'account/getPersonalDataFields', { country: 'BR' });
    const es = await get(server.browser(), 'account/getPersonalDataFields', { country: 'ES' });
    const find = (list: unknown, name: string) =>
      (list as { sysname: string }[]).find((f) => f.sysname === name);
    expect(find(us.body.data, 'region')).toMatchObject({
      type: 'region',
      options: { regions: { US: expect.any(Array) } },
    });
    expect(find(br.body.data, 'document_number')).toMatchObject({
      params: { is_required: true },
      options: { mask: '###.###.###-##' },
    });
    expect(find(br.body.data, 'document_type')).toMatchObject({
      options: { list: [{ value: 'cpf' }] },
    });
    expect(find(es.body.data, 'region')).toMatchObject({
      options: { regions: { ES: expect.any(Array) } },
    });
  });

  it('adds, sends and confirms a contact with a one-time code', async () => {
    const tab = await newPlayer('gina@example.com');
    const added = await post(tab, 'account/addcontact', {
      contact: '+55 11 91234-5678',
      phone_country_code: 'BR',
    });
    expect(added.body.data).toMatchObject({
      type: 'phone',
      contact: '5511912345678',
      is_confirmed: false,
    });
    const wrong = await post(tab, 'account/addcontact', { contact: 'gina@@example' });
    expect(wrong.body.error?.invalid_parameters).toEqual({ contact: ['email'] });
    expect(wrong.body.error?.message).toMatch(/e-?mail/i);
    // §8 a phone gets the phone's own error (a short number, letters in it), never the e-mail's.
    for (const contact of ['12345', '+34 612 abc 678']) {
      const phone = await post(tab, 'account/addcontact', { contact });
      expect(phone.body.error?.invalid_parameters, contact).toEqual({ contact: ['phone'] });
      expect(phone.body.error?.message, contact).toMatch(/phone/i);
      expect(phone.body.error?.message, contact).not.toMatch(/e-?mail/i);
    }
    expect(
      (await post(tab, 'account/sendconfirmationtocontact', { contact: '5511912345678' })).body
        .data,
    ).toEqual({ resend_time: 60 });
    const code = await lastCode(tab, '5511912345678');
    const bad = await post(tab, 'account/confirmContact', {
      contact: '5511912345678',
      code: code === '123456' ? '654321' : '123456',
    });
    expect(bad.body.error?.message).toContain('code invalid');
    expect(
      (await post(tab, 'account/confirmContact', { contact: '5511912345678', code })).body.data,
    ).toBe(1);
    const profile = await get(tab, 'account/getprofileinfo', { fields: 'contacts' });
    expect(
      (profile.body.data as { contacts: { is_confirmed: boolean }[] }).contacts[1]?.is_confirmed,
    ).toBe(true);
  });

  it('changes the password (the old one stops working) and the nickname, locale and currency', async () => {
    const tab = await newPlayer('hugo@example.com');
    const wrongOld = await post(tab, 'account/changepassword', {
      old_password: 'Nope-1234',
      new_password: 'Fresh-2345',
    });
    expect(wrongOld.body.error?.invalid_parameters).toEqual({ old_password: ['wrong_password'] });
    expect(
      (
        await post(tab, 'account/changepassword', {
          old_password: 'Secret-123',
          new_password: 'Fresh-2345',
        })
      ).body.data,
    ).toBe(1);
    expect(
      (
        await post(server.browser(), 'auth/login', {
          login: 'hugo@example.com',
          password: 'Secret-123',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await post(server.browser(), 'auth/login', {
          login: 'hugo@example.com',
          password: 'Fresh-2345',
        })
      ).status,
    ).toBe(200);

    expect(
      (await post(tab, 'account/changefakename', { fakename: 'ab' })).body.error
        ?.invalid_parameters,
    ).toEqual({ fakename: ['min_length'] });
    expect(
      (await post(tab, 'account/changefakename', { fakename: 'Hugo_Boss' })).body.error
        ?.invalid_parameters,
    ).toEqual({ fakename: ['fakename'] });
    expect((await post(tab, 'account/changefakename', { fakename: 'HugoWins' })).body.data).toBe(1);
    expect(
      (await post(demo, 'account/changefakename', { fakename: 'hugowins' })).body.error
        ?.invalid_parameters,
    ).toEqual({ fakename: ['already_exists'] });

    expect((await post(tab, 'account/changelocale', { locale: 'pt-BR' })).body.data).toEqual({
      locale: 'pt-BR',
    });
    expect((await post(tab, 'account/changelocale', {})).body.data).toEqual({ locale: 'pt-BR' });
    expect((await post(tab, 'account/changelocale', { locale: 'xx-XX' })).status).toBe(400);
    expect((await post(tab, 'account/setCurrency', { currency: 'BRL' })).body.data).toBe(1);
    expect((await get(tab, 'account/getInfo')).body.data).toMatchObject({
      currency: 'BRL',
      locale: 'pt-BR',
      fakename: 'HugoWins',
    });
    // The demo player has money movements: the currency stays.
    expect((await post(demo, 'account/setCurrency', { currency: 'USD' })).status).toBe(400);
  });

  it('answers the phone settings and currency rates for the forms', async () => {
    const phones = await get(server.browser(), 'account/getContactPhoneSettings');
    expect(phones.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ country_code: 'BR', phone_code: '55' })]),
    );
    const rates = await get(server.browser(), 'account/getcurrencyrates');
    expect((rates.body.data as { code: string }[]).map((r) => r.code)).toEqual([
      'BRL',
      'EUR',
      'USD',
    ]);
  });
});

describe('metadata and the start-up calls', () => {
  it('answers general info with every field of §3', async () => {
    const answer = await get(server.browser(), 'metadata/getgeneralinfo');
    expect(answer.body.data).toMatchObject({
      available_currencies: { EUR: '€', USD: '$', BRL: 'R$' },
      available_locales: ['en-US', 'es-ES', 'pt-BR', 'ru-RU'],
      default_currency: 'EUR',
      time_to_force_logout: 0,
    });
    const meta = await get(server.browser(), 'metadata/get');
    expect(meta.body.data).toMatchObject({ defaultLocale: 'en-US' });
  });

  it('answers every start-up call from the database', async () => {
    // The built-in provider and the 15 demo studios (games/catalogue.ts).
    expect((await get(server.browser(), 'games/getProviders')).body.data).toMatchObject({
      total: 16,
    });
    expect((await get(server.browser(), 'loyalty/getcharacters')).body.data).toMatchObject({
      total: 3,
      offset: 0,
    });
    const sportsbook = await get(server.browser(), 'games/get', {
      options: JSON.stringify({ sysname: 'dgt_sportsbook' }),
    });
    expect(sportsbook.body.data).toEqual({ items: [], total: 0 });
    // The demo player's pack of free spins (demo/seed.ts).
    expect((await get(demo, 'freespins/get', { count: 99 })).body.data).toMatchObject({
      items: [
        {
          game: { sysname: 'northstar-sunny-lemons-rising' },
          remaining_count: 10,
          status: 'received',
          stake: '0.20',
          currency: 'EUR',
        },
      ],
      total: 1,
    });
    expect((await get(demo, 'loyalty/getinfo')).body.data).toMatchObject({
      points: 0,
      is_active: true,
    });
    expect((await get(demo, 'games/getLikes')).body.data).toEqual({ sysnames: [] });
    expect(
      (await get(server.browser(), 'games/get', { options: '{not json' })).body.error
        ?.invalid_parameters,
    ).toEqual({ options: ['wrong_field'] });
  });
});
