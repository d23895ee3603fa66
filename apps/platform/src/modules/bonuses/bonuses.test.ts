import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import type { AppContext } from '../../context.ts';
import { runBonusJob, startBonusJob } from '../../bonuses/index.ts';
import { get, post, signUp, type ApiAnswer } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import { reusedStaffTab } from '../../testing/staff.ts';
import { applyMovement, openGameSession } from '../../wallet/index.ts';
import { walletTransaction } from '../../wallet/seamless/service.ts';

/**
 * The bonus engine through its real doors (issue #26): the staff and player `/api` methods, bets
 * through the seamless wallet's service (the `wallet_bet` SQL function), the bonus job under a
 * fake clock, and the cashier's withdrawal and deposit-offer paths. On PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let app: AppContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-bonuses-'));

const SLOT = 'bonus_test_slot';
const ROULETTE = 'bonus_test_roulette';
const EXCLUDED = 'bonus_test_excluded';

beforeAll(async () => {
  process.env.PAYMENT_SANDBOX_SECRET = 'whsec_bonus_test';
  process.env.PAYMENT_SANDBOX_PENDING_SECONDS = '1';
  process.env.PAYMENT_SANDBOX_PAYOUT_SECONDS = '0';
  server = await startTestServer({ now: clock });
  app = {
    database: server.database,
    config: testConfig(folder),
    secret: Buffer.alloc(32),
    now: clock,
  };
  await server.database.query(sql`
    insert into games (sysname, name, provider_sysname, categories) values
      (${SLOT}, 'Bonus Test Slot', 'northstar', '["slots","fruit"]'::jsonb),
      (${ROULETTE}, 'Bonus Test Roulette', 'northstar', '["table","roulette"]'::jsonb),
      (${EXCLUDED}, 'Bonus Test Excluded', 'northstar', '["slots"]'::jsonb)
    on conflict (sysname) do nothing`);
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  offsetMs = 0;
  await server.database.query(sql`delete from rate_limits`);
});

async function newPlayer() {
  const { tab, id } = await signUp(server, 'bonus');
  return { tab, id };
}

const staffTab = reusedStaffTab(() => server, clock);

const TERMS = {
  name: 'Test no-deposit',
  kind: 'no_deposit',
  trigger: 'promo_code',
  code: 'TESTBONUS',
  currency: 'EUR',
  amount: '10',
  wagering_multiplier: 10,
  weights: JSON.stringify({ slots: 100, table: 10 }),
  default_weight: 0,
  excluded_games: EXCLUDED,
  max_bet: '5',
  activate_hours: 24,
  wager_hours: 48,
};

async function template(overrides: Record<string, string | number> = {}) {
  const made = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
    ...TERMS,
    ...overrides,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data as { id: number };
}

async function grant(playerId: number, templateId: number) {
  const granted = await post(await staffTab(), 'bonuses/staffgrant', {
    player_id: playerId,
    template_id: templateId,
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  return (granted.body.data as { id: number }).id;
}

interface BonusView {
  id: number;
  status: string;
  kind: string;
  wagering: { done: { amount: string }; percent: string };
}
async function bonusesOf(tab: typeof fetch, params: Record<string, string> = {}) {
  const answer = await get(tab, 'bonuses/get', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(v.safeParse(api.bonuses.get.response, answer.body.data).success).toBe(true);
  return (answer.body.data as { items: BonusView[] }).items;
}

async function balances(tab: typeof fetch) {
  const data = (await get(tab, 'account/getBalance')).body.data as Record<
    string,
    { amount: string }
  >;
  return { main: data.balance_main!.amount, bonus: data.balance_bonus!.amount };
}

const expectError = (answer: ApiAnswer, type: string, reason?: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.error?.type).toBe(`${type}Exception`);
  if (reason) expect(answer.body.error?.error_data?.reason).toBe(reason);
};

let tx = 0;
async function bettor(playerId: number) {
  const sessions: Record<string, string> = {};
  for (const game of [SLOT, ROULETTE, EXCLUDED]) {
    const session = await openGameSession(app, {
      playerId,
      providerId: 'northstar',
      gameCode: game,
      currency: 'EUR',
      mode: 'real',
    });
    sessions[game] = session.token;
  }
  const call = (type: 'bet' | 'win' | 'rollback', game: string, amount: number, extra = {}) => {
    const uuid = `bonus-tx-${Date.now()}-${++tx}`;
    return walletTransaction(app, 'northstar', type, {
      request_uuid: `req-${uuid}`,
      token: sessions[game]!,
      game_code: game,
      currency: 'EUR',
      transaction_uuid: uuid,
      round: `round-${uuid}`,
      round_closed: false,
      amount,
      ...extra,
    }).then((answer) => ({ ...answer, uuid }));
  };
  return {
    bet: (game: string, amount: number) => call('bet', game, amount),
    win: (game: string, amount: number, bet: string) =>
      call('win', game, amount, { reference_transaction_uuid: bet }),
    rollback: (game: string, bet: string) =>
      call('rollback', game, 0, { reference_transaction_uuid: bet }),
  };
}

describe('bonus templates (staff)', () => {
  it('a staff member defines a template; a player may not; bad terms are field errors', async () => {
    const { id } = await template();
    const list = await get(await staffTab(), 'bonuses/stafflisttemplates');
    expect((list.body.data as { items: { id: number }[] }).items.map((t) => t.id)).toContain(id);

    const player = await newPlayer();
    expectError(await post(player.tab, 'bonuses/staffcreatetemplate', TERMS), 'Authorization');

    const noAmount = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
      ...TERMS,
      amount: undefined,
    });
    expectError(noAmount, 'InvalidParameter');
    expect(noAmount.body.error?.invalid_parameters).toEqual({ amount: ['required'] });
    const badWeights = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
      ...TERMS,
      weights: '{"slots":150}',
    });
    expectError(badWeights, 'InvalidParameter');
    const jpyDecimals = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
      ...TERMS,
      amount: '10.555',
    });
    expectError(jpyDecimals, 'InvalidParameter');
    expect(jpyDecimals.body.error?.invalid_parameters).toEqual({ amount: ['wrong_field'] });
  });
});

describe('a player’s bonus: lifecycle and wagering', () => {
  it('activates, counts weighted stakes, refuses the max bet at the debit, converts once', async () => {
    const { id: templateId } = await template();
    const player = await newPlayer();
    const bonusId = await grant(player.id, templateId);
    let [bonus] = await bonusesOf(player.tab);
    expect(bonus).toMatchObject({
      id: bonusId,
      status: 'available',
      amount: { amount: '10.00', currency: 'EUR' },
      max_bet: { amount: '5.00' },
      wagering: { required: { amount: '100.00' }, done: { amount: '0.00' }, percent: '0.00' },
      weights: [
        { category: 'slots', percent: 100 },
        { category: 'table', percent: 10 },
      ],
      excluded_games: [EXCLUDED],
    });
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '0.00' });

    expect((await post(player.tab, 'bonuses/activate', { bonus_id: bonusId })).status).toBe(200);
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '10.00' });
    // Activating twice is refused (typed), and changes nothing.
    expectError(
      await post(player.tab, 'bonuses/activate', { bonus_id: bonusId }),
      'InvalidRequest',
      'bonus_status',
    );

    const play = await bettor(player.id);
    // Over the max bet: refused at the debit, nothing moves, nothing counts.
    const over = await play.bet(SLOT, 501);
    expect(over).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      limit: 'bonus_max_bet',
      max_bet: 500,
    });
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '10.00' });
    // An excluded game is not played with bonus money.
    expect(await play.bet(EXCLUDED, 100)).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      limit: 'bonus_excluded_game',
    });

    // A slot counts in full, roulette at 10 % (rounded down).
    const slot = await play.bet(SLOT, 500);
    expect(slot.status).toBe('RS_OK');
    const roulette = await play.bet(ROULETTE, 255);
    expect(roulette.status).toBe('RS_OK');
    [bonus] = await bonusesOf(player.tab);
    expect(bonus!.wagering).toMatchObject({ done: { amount: '5.25' }, percent: '5.25' });
    // A rollback takes its weighted stake back.
    expect((await play.rollback(ROULETTE, roulette.uuid)).status).toBe('RS_OK');
    [bonus] = await bonusesOf(player.tab);
    expect(bonus!.wagering.done.amount).toBe('5.00');
    // Winnings follow the money staked (all bonus here).
    expect((await play.win(SLOT, 2_000, slot.uuid)).status).toBe('RS_OK');
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '25.00' });

    // Wagering done: 95.00 more on slots in max-size bets, real money staked first.
    await applyMovement(server.database.db, {
      playerId: player.id,
      kind: 'main',
      currency: 'EUR',
      amountMinor: 10_000n,
      reason: 'test_deposit',
      idempotencyKey: `bonus-test-main-${player.id}`,
    });
    for (let i = 0; i < 19; i += 1) expect((await play.bet(SLOT, 500)).status).toBe('RS_OK');
    [bonus] = await bonusesOf(player.tab);
    expect(bonus!.wagering.percent).toBe('100.00');
    // The job converts the bonus balance to real money, exactly once (two instances at once).
    const other: AppContext = { ...app };
    const [first, second] = await Promise.all([runBonusJob(app), runBonusJob(other)]);
    expect([...first.converted, ...second.converted]).toEqual([bonusId]);
    expect((await runBonusJob(app)).converted).toEqual([]);
    expect(await balances(player.tab)).toEqual({ main: '30.00', bonus: '0.00' });
    [bonus] = await bonusesOf(player.tab, { status: 'wagered' });
    expect(bonus).toMatchObject({ id: bonusId, status: 'wagered' });
    const conversions = await server.database.query(
      sql`select kind, amount_minor::text as amount from ledger_entries
          where idempotency_key like ${`bonus:${bonusId}:convert%`} order by kind`,
    );
    expect(conversions).toEqual([
      { kind: 'bonus', amount: '-2500' },
      { kind: 'main', amount: '2500' },
    ]);
    await expectBooksBalance(server.database);
  });

  it('converts the bonus balance left when wagering is done into withdrawable money', async () => {
    const { id: templateId } = await template({ amount: '10', wagering_multiplier: 1 });
    const player = await newPlayer();
    const bonusId = await grant(player.id, templateId);
    await post(player.tab, 'bonuses/activate', { bonus_id: bonusId });
    const play = await bettor(player.id);
    const bet = await play.bet(SLOT, 500);
    await play.win(SLOT, 800, bet.uuid);
    const bet2 = await play.bet(SLOT, 500);
    await play.win(SLOT, 0, bet2.uuid);
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '8.00' });
    const { converted } = await runBonusJob(app);
    expect(converted).toContain(bonusId);
    expect(await balances(player.tab)).toEqual({ main: '8.00', bonus: '0.00' });
    await expectBooksBalance(server.database);
  });

  it('deactivates before any wagering (money back), refuses it after, and removes', async () => {
    const { id: templateId } = await template();
    const player = await newPlayer();
    const bonusId = await grant(player.id, templateId);
    await post(player.tab, 'bonuses/activate', { bonus_id: bonusId });
    expect((await post(player.tab, 'bonuses/deactivate', { bonus_id: bonusId })).status).toBe(200);
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '0.00' });
    expect((await bonusesOf(player.tab))[0]!.status).toBe('available');
    // Activated again (its own ledger key), played, then deactivation is refused.
    await post(player.tab, 'bonuses/activate', { bonus_id: bonusId });
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '10.00' });
    const play = await bettor(player.id);
    expect((await play.bet(SLOT, 100)).status).toBe('RS_OK');
    expectError(
      await post(player.tab, 'bonuses/deactivate', { bonus_id: bonusId }),
      'InvalidRequest',
      'bonus_in_play',
    );
    expect((await post(player.tab, 'bonuses/remove', { bonus_id: bonusId })).status).toBe(200);
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '0.00' });
    expect((await bonusesOf(player.tab))[0]!.status).toBe('removed');
    expectError(
      await post(player.tab, 'bonuses/remove', { bonus_id: bonusId }),
      'InvalidRequest',
      'bonus_status',
    );
    // With the bonus gone, bets have no max any more.
    await applyMovement(server.database.db, {
      playerId: player.id,
      kind: 'main',
      currency: 'EUR',
      amountMinor: 2_000n,
      reason: 'test_deposit',
      idempotencyKey: `bonus-test-main-${player.id}`,
    });
    expect((await play.bet(SLOT, 1_000)).status).toBe('RS_OK');
    await expectBooksBalance(server.database);
  });

  it('refuses a second active bonus, another player’s bonus and bad input (typed, never 500)', async () => {
    const { id: templateId } = await template();
    const player = await newPlayer();
    const first = await grant(player.id, templateId);
    const second = await grant(player.id, templateId);
    await post(player.tab, 'bonuses/activate', { bonus_id: first });
    expectError(
      await post(player.tab, 'bonuses/activate', { bonus_id: second }),
      'InvalidRequest',
      'bonus_already_active',
    );
    const stranger = await newPlayer();
    const foreign = await post(stranger.tab, 'bonuses/activate', { bonus_id: first });
    expectError(foreign, 'InvalidParameter');
    expect(foreign.body.error?.invalid_parameters).toEqual({ bonus_id: ['wrong_field'] });
    expectError(
      await post(player.tab, 'bonuses/activate', { bonus_id: 'abc' }),
      'InvalidParameter',
    );
    expectError(await get(player.tab, 'bonuses/get', { status: 'nonsense' }), 'InvalidParameter');
    expect((await bonusesOf(player.tab, { status: 'available' })).map((b) => b.id)).toEqual([
      second,
    ]);
    expect((await get(server.browser(), 'bonuses/get')).status).toBe(401);
  });
});

describe('the bonus job under a fake clock', () => {
  it('expires an available bonus after its time to activate, an active one after its time to wager', async () => {
    const { id: templateId } = await template({ activate_hours: 1, wager_hours: 2 });
    const player = await newPlayer();
    const idle = await grant(player.id, templateId);
    const used = await grant(player.id, templateId);
    await post(player.tab, 'bonuses/activate', { bonus_id: used });
    offsetMs = 61 * 60_000;
    // Past its time to activate: refused even before the job passes.
    expectError(
      await post(player.tab, 'bonuses/activate', { bonus_id: idle }),
      'InvalidRequest',
      'bonus_expired',
    );
    expect((await runBonusJob(app)).expired).toContain(idle);
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '10.00' });
    offsetMs = 2 * 3_600_000 + 60_000;
    expect((await runBonusJob(app)).expired).toContain(used);
    expect(await balances(player.tab)).toEqual({ main: '0.00', bonus: '0.00' });
    const statuses = Object.fromEntries((await bonusesOf(player.tab)).map((b) => [b.id, b.status]));
    expect(statuses).toEqual({ [idle]: 'expired', [used]: 'expired' });
    expect((await runBonusJob(app)).expired).not.toContain(used);
    await expectBooksBalance(server.database);
  });
});

async function meetWithdrawalRequirements(id: number) {
  await server.database.query(sql`
    update players set home_town = 'Lisbon', address = 'Rua Augusta 1', postcode = '1100048'
    where id = ${id}`);
  await server.database.query(sql`update contacts set is_confirmed = true where player_id = ${id}`);
}

describe('withdrawals and deposits with a bonus', () => {
  it('a withdrawal with an active bonus is refused until the player accepts the forfeit', async () => {
    const { id: templateId } = await template();
    const player = await newPlayer();
    await meetWithdrawalRequirements(player.id);
    await applyMovement(server.database.db, {
      playerId: player.id,
      kind: 'main',
      currency: 'EUR',
      amountMinor: 5_000n,
      reason: 'test_deposit',
      idempotencyKey: `bonus-test-withdraw-${player.id}`,
    });
    const bonusId = await grant(player.id, templateId);
    await post(player.tab, 'bonuses/activate', { bonus_id: bonusId });
    const params = { method: 'card', amount: '20', requisites: '4242424242424242' };
    const refused = await post(player.tab, 'cashier/makewithdrawal', params);
    expectError(refused, 'WithdrawalDeclined', 'active_bonus');
    expect(refused.body.error?.error_data?.bonus_id).toBe(bonusId);
    expect(await balances(player.tab)).toEqual({ main: '50.00', bonus: '10.00' });

    const accepted = await post(player.tab, 'cashier/makewithdrawal', {
      ...params,
      burn_bonuses: '1',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await balances(player.tab)).toEqual({ main: '30.00', bonus: '0.00' });
    expect((await bonusesOf(player.tab))[0]).toMatchObject({ id: bonusId, status: 'forfeited' });
    const forfeit = await server.database.query(
      sql`select amount_minor::text as amount from ledger_entries
          where idempotency_key = ${`bonus:${bonusId}:forfeited`}`,
    );
    expect(forfeit).toEqual([{ amount: '-1000' }]);
    await expectBooksBalance(server.database);
  });

  it('the deposit settings list the welcome offer; an offer under its minimum or unknown is a field error', async () => {
    const player = await newPlayer();
    const settings = await get(player.tab, 'cashier/getdepositsettings');
    const offers = (
      settings.body.data as { offers: { id: number; title: string; min_deposit: string }[] }
    ).offers;
    const welcome = offers.find((o) => o.title.startsWith('Welcome bonus'));
    expect(welcome).toMatchObject({ min_deposit: '20.00' });
    const low = await post(player.tab, 'cashier/makedeposit', {
      method: 'card',
      amount: '10',
      campaign_offer_id: welcome!.id,
    });
    expectError(low, 'InvalidParameter');
    expect(low.body.error?.invalid_parameters).toEqual({ amount: ['min_value'] });
    const unknown = await post(player.tab, 'cashier/makedeposit', {
      method: 'card',
      amount: '50',
      campaign_offer_id: 999_999,
    });
    expectError(unknown, 'InvalidParameter');
    expect(unknown.body.error?.invalid_parameters).toEqual({ campaign_offer_id: ['wrong_field'] });
  });

  it('a deposit with the welcome offer grants its bonus once the payment succeeds', async () => {
    const player = await newPlayer();
    const settings = await get(player.tab, 'cashier/getdepositsettings');
    const welcome = (settings.body.data as { offers: { id: number; title: string }[] }).offers.find(
      (o) => o.title.startsWith('Welcome bonus'),
    )!;
    const made = await post(player.tab, 'cashier/makedeposit', {
      method: 'card',
      amount: '60',
      campaign_offer_id: welcome.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { url } = made.body.data as { url: string };
    await fetch(`${server.url}${url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
        action: 'pay',
      }),
    });
    let items: BonusView[] = [];
    // The deposit's bonus (the loyalty first-deposit quest pays its own reward beside it).
    for (let i = 0; i < 80 && items.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      items = (await bonusesOf(player.tab)).filter((b) => b.kind === 'deposit_match');
    }
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      status: 'available',
      kind: 'deposit_match',
      amount: { amount: '60.00' },
      deposit: { amount: '60.00' },
      max_bet: { amount: '5.00' },
      wagering: { multiplier: 35, required: { amount: '2100.00' } },
    });
    expect(await balances(player.tab)).toEqual({ main: '60.00', bonus: '0.00' });
    await post(player.tab, 'bonuses/activate', { bonus_id: items[0]!.id });
    expect(await balances(player.tab)).toEqual({ main: '60.00', bonus: '60.00' });
    await expectBooksBalance(server.database);
  });
});

describe('the job’s timer', () => {
  it('converts a wagered bonus on its own, and stops when asked', async () => {
    const { id: templateId } = await template({ amount: '1', wagering_multiplier: 0 });
    const player = await newPlayer();
    const bonusId = await grant(player.id, templateId);
    await post(player.tab, 'bonuses/activate', { bonus_id: bonusId });
    const job = startBonusJob(app, 20);
    try {
      let status = 'active';
      for (let i = 0; i < 100 && status !== 'wagered'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await bonusesOf(player.tab))[0]!.status;
      }
      expect(status).toBe('wagered');
      expect(await balances(player.tab)).toEqual({ main: '1.00', bonus: '0.00' });
    } finally {
      await job.stop();
    }
  });
});

describe('the registration trigger', () => {
  it('a switched-on registration template grants its bonus with the new player, once', async () => {
    const { id: templateId } = await template({
      name: 'Sign-up gift',
      trigger: 'registration',
      code: 'SIGNUPGIFT',
      amount: '3',
    });
    try {
      const player = await newPlayer();
      const items = await bonusesOf(player.tab);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ status: 'available' });
      const [row] = await server.database.query<{ template_id: number; grant_key: string }>(
        sql`select template_id, grant_key from player_bonuses where player_id = ${player.id}`,
      );
      expect(row).toEqual({ template_id: templateId, grant_key: 'registration' });
    } finally {
      // Later sign-ups in this file get no gift.
      await server.database.query(
        sql`update bonus_templates set is_active = false where id = ${templateId}`,
      );
    }
  });
});
