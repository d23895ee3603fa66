import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import { createPlayer, hashPassword } from '../../identity/index.ts';
import { get, post, REGISTRATION_PROFILE, signUp, type ApiAnswer } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { reusedStaffTab } from '../../testing/staff.ts';

/**
 * Promo codes and offers through their `/api` doors (issue #26, §4, §5, §7, §8): each method,
 * each refusal with its §8 code, and activations at once that must not pass a limit together.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the activations really overlap).
 */

let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let seq = 0;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ now: clock });
}, 120_000);
afterAll(() => server.close());
beforeEach(async () => {
  offsetMs = 0;
  await server.database.query(sql`delete from rate_limits`);
});

async function newPlayer(extra: Record<string, string> = {}) {
  const { tab, id } = await signUp(server, 'promo', { extra });
  return { tab, id };
}

const staffTab = reusedStaffTab(() => server, clock);

let templateSeq = 0;
async function noDepositTemplate(trigger: 'promo_code' | 'offer' = 'promo_code') {
  const made = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
    name: `Promo test ${++templateSeq}`,
    kind: 'no_deposit',
    trigger,
    code: `PTPL${templateSeq}X${Date.now().toString(36).toUpperCase()}`,
    currency: 'EUR',
    amount: '7.50',
    wagering_multiplier: 10,
    activate_hours: 24,
    wager_hours: 48,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return (made.body.data as { id: number }).id;
}

let codeSeq = 0;
async function promoCode(limits: Record<string, string | number> = {}) {
  const templateId = await noDepositTemplate();
  const code = `CODE${++codeSeq}${Date.now().toString(36).toUpperCase()}`;
  const made = await post(await staffTab(), 'campaigns/staffcreatepromocode', {
    code,
    template_id: templateId,
    ...limits,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return code;
}

const activate = (tab: typeof fetch, code: string) =>
  post(tab, 'campaigns/activateOffer', { promo_code: code });

function refusedWith(answer: ApiAnswer, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error?.type).toBe('InvalidParameterException');
  expect(answer.body.error?.invalid_parameters).toEqual({ promo_code: [code] });
}

async function bonusCount(playerId: number) {
  const [row] = await server.database.query<{ n: number }>(
    sql`select count(*)::int as n from player_bonuses where player_id = ${playerId}`,
  );
  return row!.n;
}

describe('campaigns/activateOffer', () => {
  it('grants the code’s bonus, available in the player’s bonuses, answering the contract’s shape', async () => {
    const code = await promoCode();
    const player = await newPlayer();
    const answer = await activate(player.tab, `  ${code.toLowerCase()} `);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(v.safeParse(api.campaigns.activateOffer.response, answer.body.data).success).toBe(true);
    expect(answer.body.data).toMatchObject({
      promo_code: code,
      bonus: { kind: 'no_deposit', amount: { amount: '7.50', currency: 'EUR' } },
      offer: null,
    });
    const bonuses = (await get(player.tab, 'bonuses/get')).body.data as {
      items: { status: string; amount: { amount: string } }[];
    };
    expect(bonuses.items).toMatchObject([{ status: 'available', amount: { amount: '7.50' } }]);
    // Activating it and its money go through the wallet: the books still balance.
    const id = (answer.body.data as { bonus: { id: number } }).bonus.id;
    expect((await post(player.tab, 'bonuses/activate', { bonus_id: id })).status).toBe(200);
    await expectBooksBalance(server.database);
  });

  it('refuses an unknown or switched-off code as promo_code_invalid, and a visitor as unauthorised', async () => {
    const player = await newPlayer();
    refusedWith(await activate(player.tab, 'NO-SUCH-CODE'), 'promo_code_invalid');
    const code = await promoCode();
    await server.database.query(sql`update promo_codes set is_active = false where code = ${code}`);
    refusedWith(await activate(player.tab, code), 'promo_code_invalid');
    const visitor = await activate(server.browser(), code);
    expect(visitor.body.error?.type).toBe('AuthorizationException');
    expect(await bonusCount(player.id)).toBe(0);
  });

  it('refuses before its start (invalid, it tells nothing) and from its end (expired)', async () => {
    const start = new Date(Date.now() + DAY).toISOString();
    const end = new Date(Date.now() + 3 * DAY).toISOString();
    const code = await promoCode({ valid_from: start, valid_until: end });
    const player = await newPlayer();
    refusedWith(await activate(player.tab, code), 'promo_code_invalid');
    expect(
      (await post(player.tab, 'campaigns/checkPromocode', { promo_code: code })).body.data,
    ).toBeNull();
    offsetMs = 3 * DAY;
    refusedWith(await activate(player.tab, code), 'promo_code_expired');
    offsetMs = 2 * DAY;
    expect((await activate(player.tab, code)).status).toBe(200);
  });

  it('refuses a second use by the same player, and allows as many as max_uses_per_player', async () => {
    const once = await promoCode();
    const player = await newPlayer();
    expect((await activate(player.tab, once)).status).toBe(200);
    refusedWith(await activate(player.tab, once), 'promo_code_already_used');
    const twice = await promoCode({ max_uses_per_player: 2 });
    expect((await activate(player.tab, twice)).status).toBe(200);
    expect((await activate(player.tab, twice)).status).toBe(200);
    refusedWith(await activate(player.tab, twice), 'promo_code_already_used');
    expect(await bonusCount(player.id)).toBe(3);
  });

  it('refuses once max_uses activations are done (used up)', async () => {
    const code = await promoCode({ max_uses: 2 });
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    expect((await activate(players[0]!.tab, code)).status).toBe(200);
    expect((await activate(players[1]!.tab, code)).status).toBe(200);
    refusedWith(await activate(players[2]!.tab, code), 'promo_code_used_up');
    expect(await bonusCount(players[2]!.id)).toBe(0);
  });

  it('refuses a new-players-only code to a player who has deposited', async () => {
    const code = await promoCode({ new_players_only: '1' });
    const fresh = await newPlayer();
    const depositor = await newPlayer();
    await server.database.query(sql`
      insert into payments (player_id, kind, method, provider, currency, amount_minor, status, stages)
      values (${depositor.id}, 'deposit', 'card', 'sandbox', 'EUR', 2000, 'success', '[]'::jsonb)`);
    refusedWith(await activate(depositor.tab, code), 'promo_code_new_players_only');
    expect((await activate(fresh.tab, code)).status).toBe(200);
  });

  it('never passes a limit with activations at once: total and per player', async () => {
    const code = await promoCode({ max_uses: 3 });
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer()));
    const answers = await Promise.all(players.map((p) => activate(p.tab, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      refusedWith(refused, 'promo_code_used_up');
    }
    const same = await promoCode();
    const player = await newPlayer();
    const doubles = await Promise.all([1, 2, 3, 4].map(() => activate(player.tab, same)));
    expect(doubles.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await bonusCount(player.id)).toBe(1);
    const [row] = await server.database.query<{ uses: number; n: number }>(sql`
      select p.uses, (select count(*)::int from promo_code_activations a where a.promo_code_id = p.id) as n
      from promo_codes p where p.code = ${code}`);
    expect(row).toEqual({ uses: 3, n: 3 });
  });

  it('a deposit-offer code (WELCOME100) grants nothing now and names the offer to deposit with', async () => {
    const player = await newPlayer();
    const answer = await activate(player.tab, 'WELCOME100');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ bonus: null, offer: { min_deposit: '20.00' } });
    expect(await bonusCount(player.id)).toBe(0);
  });

  it('the registration’s promo code is activated by the sign-up itself (§4), once', async () => {
    const code = await promoCode({ new_players_only: '1' });
    const player = await newPlayer({ promo_code: code });
    expect(await bonusCount(player.id)).toBe(1);
    refusedWith(await activate(player.tab, code), 'promo_code_already_used');
    expect(await bonusCount(player.id)).toBe(1);
  });

  it('limits activations per player, so codes cannot be guessed through it', async () => {
    const player = await newPlayer();
    for (let i = 0; i < 20; i += 1) await activate(player.tab, `GUESS${i}`);
    expect((await activate(player.tab, 'GUESS-LAST')).status).toBe(429);
  });
});

/**
 * §4 "any entered promo code is activated" after a sign-up: the server does it for every door
 * (the popup and the embedded form send `auth/register`; a social sign-up completes with it), so
 * no client can forget it; a refusal then is the §8 code in the answer, and the account stays.
 */
describe('a sign-up’s promo code (§4)', () => {
  type Answer = {
    uid: number;
    promo?:
      | { status: 'activated'; activation: { promo_code: string; bonus: unknown; offer: unknown } }
      | { status: 'refused'; codes: string[] };
  };

  it('auth/register activates it and answers what it gave, in the contract’s shape', async () => {
    const code = await promoCode();
    const tab = server.browser();
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: `signup-code-${++seq}-${Date.now()}@example.com`,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
      promo_code: code.toLowerCase(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(v.safeParse(api.auth.register.response, answer.body.data).success).toBe(true);
    const data = answer.body.data as Answer;
    expect(data.promo).toMatchObject({
      status: 'activated',
      activation: {
        promo_code: code,
        bonus: { kind: 'no_deposit', amount: { amount: '7.50', currency: 'EUR' } },
        offer: null,
      },
    });
    const bonuses = (await get(tab, 'bonuses/get')).body.data as { items: { status: string }[] };
    expect(bonuses.items).toMatchObject([{ status: 'available' }]);
  });

  it('a deposit-offer code at sign-up names the offer to deposit with', async () => {
    const player = server.browser();
    const answer = await post(player, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: `signup-welcome-${++seq}-${Date.now()}@example.com`,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
      promo_code: 'WELCOME100',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.data as Answer).promo).toMatchObject({
      status: 'activated',
      activation: { bonus: null, offer: { min_deposit: '20.00' } },
    });
  });

  it('a code used up after the field checked it: the account is made, the answer says why (§8)', async () => {
    const code = await promoCode({ max_uses: 1 });
    const first = await newPlayer();
    expect((await activate(first.tab, code)).status).toBe(200);
    const tab = server.browser();
    const email = `signup-used-up-${++seq}-${Date.now()}@example.com`;
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
      promo_code: code,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(v.safeParse(api.auth.register.response, answer.body.data).success).toBe(true);
    expect((answer.body.data as Answer).promo).toEqual({
      status: 'refused',
      codes: ['promo_code_used_up'],
    });
    // The new account exists and is signed in, without a bonus.
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    expect(await bonusCount((answer.body.data as Answer).uid)).toBe(0);
  });

  it('completing a social sign-up activates the code entered there', async () => {
    const code = await promoCode();
    const email = `signup-social-${++seq}-${Date.now()}@example.com`;
    const player = await createPlayer(
      server.database.db,
      {
        login: email,
        passwordHash: await hashPassword('Secret-123'),
        currency: 'EUR',
        locale: 'en-US',
        isRegistrationCompleted: false,
        regTime: new Date(),
      },
      [{ type: 'email', contact: email, isConfirmed: true }],
    );
    const tab = server.browser();
    expect((await post(tab, 'auth/login', { login: email, password: 'Secret-123' })).status).toBe(
      200,
    );
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      terms: '1',
      promo_code: code,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.data as Answer).promo).toMatchObject({
      status: 'activated',
      activation: { promo_code: code },
    });
    expect(await bonusCount(player.id)).toBe(1);
  });
});

describe('campaigns/staffcreatepromocode', () => {
  it('is for staff only; a duplicate code or a code ending before it starts is a field error', async () => {
    const player = await newPlayer();
    const denied = await post(player.tab, 'campaigns/staffcreatepromocode', { code: 'NOPE' });
    expect(denied.body.error?.type).toBe('AuthorizationException');
    const code = await promoCode();
    const again = await post(await staffTab(), 'campaigns/staffcreatepromocode', { code });
    expect(again.body.error?.invalid_parameters).toEqual({ code: ['already_exists'] });
    const backwards = await post(await staffTab(), 'campaigns/staffcreatepromocode', {
      code: `BACK${Date.now()}`,
      valid_from: '2030-01-02T00:00:00Z',
      valid_until: '2030-01-01T00:00:00Z',
    });
    expect(backwards.body.error?.invalid_parameters).toEqual({ valid_until: ['wrong_field'] });
  });
});

interface OfferView {
  id: number;
  title: string;
  taken: boolean;
  trigger: { action: string; params: { exclude_methods: string[] } };
}
async function offersOf(tab: typeof fetch) {
  const answer = await get(tab, 'campaigns/getoffers');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(v.safeParse(api.campaigns.getoffers.response, answer.body.data).success).toBe(true);
  return (answer.body.data as { items: OfferView[] }).items;
}

describe('offers', () => {
  it('getoffers: a visitor sees the offers; a player who has deposited no longer sees a first-deposit one', async () => {
    const visitor = await offersOf(server.browser());
    const welcome = visitor.find((o) => o.title.startsWith('Welcome bonus'));
    expect(welcome?.trigger.action).toBe('deposit');
    expect(visitor.some((o) => o.trigger.action === 'take')).toBe(true);

    const player = await newPlayer();
    expect((await offersOf(player.tab)).map((o) => o.id)).toContain(welcome!.id);
    await server.database.query(sql`
      insert into payments (player_id, kind, method, provider, currency, amount_minor, status, stages)
      values (${player.id}, 'deposit', 'card', 'sandbox', 'EUR', 2000, 'success', '[]'::jsonb)`);
    expect((await offersOf(player.tab)).map((o) => o.id)).not.toContain(welcome!.id);
    // The deposit form follows the same rule (§6), and makedeposit refuses the offer on its field.
    const settings = await get(player.tab, 'cashier/getdepositsettings');
    expect(
      (settings.body.data as { offers: { id: number }[] }).offers.map((o) => o.id),
    ).not.toContain(welcome!.id);
    const refused = await post(player.tab, 'cashier/makedeposit', {
      method: 'card',
      amount: '50',
      campaign_offer_id: welcome!.id,
    });
    expect(refused.body.error?.invalid_parameters).toEqual({ campaign_offer_id: ['wrong_field'] });
  });

  it('an offer excluding a method is listed with it, and refused with that method', async () => {
    const templateId = (
      await post(await staffTab(), 'bonuses/staffcreatetemplate', {
        name: 'Reload 50%',
        kind: 'deposit_match',
        trigger: 'deposit',
        currency: 'EUR',
        percent: 50,
        cap: '100',
        min_deposit: '10',
        wagering_multiplier: 20,
        activate_hours: 24,
        wager_hours: 48,
      })
    ).body.data as { id: number };
    const saved = await post(await staffTab(), 'campaigns/staffsaveoffer', {
      template_id: templateId.id,
      title: 'Reload 50% (not for e-wallets)',
      exclude_methods: 'card',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const player = await newPlayer();
    const settings = await get(player.tab, 'cashier/getdepositsettings');
    const offer = (
      settings.body.data as { offers: { id: number; exclude_methods: string[] }[] }
    ).offers.find((o) => o.id === templateId.id);
    expect(offer?.exclude_methods).toEqual(['card']);
    const refused = await post(player.tab, 'cashier/makedeposit', {
      method: 'card',
      amount: '50',
      campaign_offer_id: templateId.id,
    });
    expect(refused.body.error?.invalid_parameters).toEqual({ campaign_offer_id: ['wrong_field'] });
    await server.database.query(
      sql`update bonus_templates set is_active = false where id = ${templateId.id}`,
    );
  });

  it('takepromotions grants a take offer once (a double click too); a deposit offer points to the deposit', async () => {
    const templateId = await noDepositTemplate('offer');
    const saved = await post(await staffTab(), 'campaigns/staffsaveoffer', {
      template_id: templateId,
      title: 'Test gift',
      promotions: 'test-gift',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const player = await newPlayer();
    const [first, second] = await Promise.all([
      post(player.tab, 'campaigns/takepromotions', { offer_id: templateId }),
      post(player.tab, 'campaigns/takepromotions', { offer_id: templateId }),
    ]);
    const answers = [first!, second!];
    const granted = answers.filter((a) => a.status === 200);
    expect(granted).toHaveLength(1);
    expect(granted[0]!.body.data).toMatchObject({
      action: 'take',
      bonus: { amount: { amount: '7.50' } },
    });
    expect(answers.find((a) => a.status !== 200)!.body.error?.invalid_parameters).toEqual({
      offer_id: ['offer_taken'],
    });
    expect(await bonusCount(player.id)).toBe(1);
    expect((await offersOf(player.tab)).find((o) => o.id === templateId)?.taken).toBe(true);

    const welcome = (await offersOf(player.tab)).find((o) => o.trigger.action === 'deposit')!;
    const take = await post(player.tab, 'campaigns/takepromotions', { offer_id: welcome.id });
    expect(take.body.data).toEqual({ action: 'deposit', offer_id: welcome.id, bonus: null });
    const unknown = await post(player.tab, 'campaigns/takepromotions', { offer_id: 999_999 });
    expect(unknown.body.error?.invalid_parameters).toEqual({ offer_id: ['wrong_field'] });
  });
});
