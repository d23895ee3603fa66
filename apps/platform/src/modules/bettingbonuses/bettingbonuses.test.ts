import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import {
  forfeitForWithdrawal,
  runBonusJob,
  settleFreeBet,
  stakeFreeBet,
  type SettleRequest,
  type StakeRequest,
} from '../../bonuses/index.ts';
import { get, post, signUp, type ApiAnswer } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import type { AppContext } from '../../context.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import { reusedStaffTab } from '../../testing/staff.ts';

/**
 * Sportsbook free bets through their real doors (issues #26, #29): the staff template method, the
 * demo's FREEBET5 promo code, `bettingbonuses/get|activate|remove`, the bonus job under a fake
 * clock, and the door the sportsbook spends them through (`stakeFreeBet`, `settleFreeBet`). On
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const HOUR = 3_600_000;
let app: AppContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-freebets-'));

beforeAll(async () => {
  server = await startTestServer({ now: clock });
  app = {
    database: server.database,
    config: testConfig(folder),
    secret: Buffer.alloc(32),
    now: clock,
  };
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
  const { tab, id } = await signUp(server, 'freebet');
  return { tab, id };
}

const staffTab = reusedStaffTab(() => server, clock);

const TERMS = {
  name: 'Test free bet',
  kind: 'betting_free_bet',
  trigger: 'promo_code',
  code: 'TESTFREEBET',
  currency: 'EUR',
  amount: '10',
  min_odds: '2.00',
  wagering_multiplier: 0,
  activate_hours: 24,
  wager_hours: 24,
};

async function template(overrides: Record<string, string | number | undefined> = {}) {
  const made = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
    ...TERMS,
    ...overrides,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data as { id: number; min_odds: string; kind: string };
}

async function grant(playerId: number, templateId: number) {
  const granted = await post(await staffTab(), 'bonuses/staffgrant', {
    player_id: playerId,
    template_id: templateId,
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  return (granted.body.data as { id: number }).id;
}

interface FreeBet {
  id: number;
  status: string;
  amount: { amount: string; currency: string };
  min_odds: string;
  expires_at: string;
  bet: { odds: string; status: string; winnings: { amount: string } | null } | null;
}

async function freeBetsOf(tab: typeof fetch, params: Record<string, string> = {}) {
  const answer = await get(tab, 'bettingbonuses/get', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = v.safeParse(api.bettingbonuses.get.response, answer.body.data);
  expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
  return answer.body.data as { total: number; items: FreeBet[] };
}

async function freeBet(tab: typeof fetch, id: number) {
  return (await freeBetsOf(tab)).items.find((item) => item.id === id)!;
}

async function balances(tab: typeof fetch) {
  const data = (await get(tab, 'account/getBalance')).body.data as Record<
    string,
    { amount: string }
  >;
  return {
    main: data.balance_main!.amount,
    betting: data.balance_betting_bonus!.amount,
    total: data.balance_total!.amount,
  };
}

const expectError = (answer: ApiAnswer, type: string, reason?: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.error?.type).toBe(`${type}Exception`);
  if (reason) expect(answer.body.error?.error_data?.reason).toBe(reason);
};

/** A door call's typed refusal: `reason` (InvalidRequest) or the invalid fields. */
async function refusal(call: () => Promise<unknown>): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reason = error.errorData['reason'];
    if (typeof reason === 'string') return `${error.type}:${reason}`;
    return `${error.type}:${Object.keys(error.invalidParameters).join(',')}`;
  }
}

const stake = (request: StakeRequest) =>
  server.database.db.transaction((tx) => stakeFreeBet(tx, clock(), request));
const settle = (request: SettleRequest) =>
  server.database.db.transaction((tx) => settleFreeBet(tx, clock(), request));
let ref = 0;
const betRef = () => `test-bet-${Date.now()}-${++ref}`;

/** A player with an active free bet of TERMS (€10 at 2.00 or more). */
async function activeFreeBet(overrides: Record<string, string | number | undefined> = {}) {
  const player = await newPlayer();
  const { id: templateId } = await template(overrides);
  const id = await grant(player.id, templateId);
  const activated = await post(player.tab, 'bettingbonuses/activate', { bonus_id: id });
  expect(activated.body.data, JSON.stringify(activated.body)).toBe(1);
  return { ...player, bonusId: id };
}

describe('free-bet templates (staff)', () => {
  it('a staff member defines a free bet with its minimum odds; wrong terms are field errors', async () => {
    const made = await template();
    expect(made).toMatchObject({ kind: 'betting_free_bet', min_odds: '2.00' });

    const refusedWith = async (overrides: Record<string, string | number | undefined>) => {
      const answer = await post(await staffTab(), 'bonuses/staffcreatetemplate', {
        ...TERMS,
        ...overrides,
      });
      expectError(answer, 'InvalidParameter');
      return answer.body.error?.invalid_parameters;
    };
    expect(await refusedWith({ min_odds: undefined })).toEqual({ min_odds: ['required'] });
    expect(await refusedWith({ min_odds: '1.00' })).toEqual({ min_odds: ['wrong_field'] });
    expect(await refusedWith({ min_odds: 'evens' })).toEqual({ min_odds: ['wrong_field'] });
    expect(await refusedWith({ wagering_multiplier: 5 })).toEqual({
      wagering_multiplier: ['wrong_field'],
    });
    expect(await refusedWith({ amount: undefined })).toEqual({ amount: ['required'] });
  });
});

describe('bettingbonuses/get, activate, remove', () => {
  it('FREEBET5 grants a €5 free bet that the betting tab lists and the casino list does not', async () => {
    const player = await newPlayer();
    const activated = await post(player.tab, 'campaigns/activateOffer', { promo_code: 'FREEBET5' });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect((activated.body.data as { bonus: { kind: string } }).bonus.kind).toBe(
      'betting_free_bet',
    );

    const { total, items } = await freeBetsOf(player.tab);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      type: 'betting',
      status: 'available',
      kind: 'betting_free_bet',
      amount: { amount: '5.00', currency: 'EUR' },
      min_odds: '1.50',
      bet: null,
    });
    const expires = Date.parse(items[0]!.expires_at) - clock().getTime();
    expect(Math.abs(expires - 7 * 24 * HOUR)).toBeLessThan(60_000);
    // The casino's list never shows a free bet; an available free bet is no money yet.
    const casino = await get(player.tab, 'bonuses/get');
    expect((casino.body.data as { total: number }).total).toBe(0);
    expect(await balances(player.tab)).toEqual({ main: '0.00', betting: '0.00', total: '0.00' });
    // Status filters, and a wrong status is a field error.
    expect((await freeBetsOf(player.tab, { status: 'active' })).total).toBe(0);
    expect((await freeBetsOf(player.tab, { status: 'available,used' })).total).toBe(1);
    const wrong = await get(player.tab, 'bettingbonuses/get', { status: 'wagered' });
    expectError(wrong, 'InvalidParameter');
    expect(wrong.body.error?.invalid_parameters).toHaveProperty('status');

    // Activation puts the amount on the betting bonus balance (§3), through the ledger.
    const id = items[0]!.id;
    const done = await post(player.tab, 'bettingbonuses/activate', { bonus_id: id });
    expect(done.body.data).toBe(1);
    expect((await freeBet(player.tab, id)).status).toBe('active');
    expect(await balances(player.tab)).toEqual({ main: '0.00', betting: '5.00', total: '5.00' });
    const [entry] = await server.database.query<{ kind: string; amount_minor: string }>(
      sql`select kind, amount_minor::text from ledger_entries
          where idempotency_key = ${`freebet:${id}:credit`}`,
    );
    expect(entry).toEqual({ kind: 'betting_bonus', amount_minor: '500' });
    // Twice is refused, typed.
    expectError(
      await post(player.tab, 'bettingbonuses/activate', { bonus_id: id }),
      'InvalidRequest',
      'bonus_status',
    );
    await expectBooksBalance(server.database);
  });

  it('refuses another player’s free bet, a casino bonus, an unknown id and a malformed one on the field', async () => {
    const owner = await activeFreeBet();
    const other = await newPlayer();
    for (const bonusId of [owner.bonusId, 999_999]) {
      for (const methodName of ['activate', 'remove']) {
        const answer = await post(other.tab, `bettingbonuses/${methodName}`, { bonus_id: bonusId });
        expectError(answer, 'InvalidParameter');
        expect(answer.body.error?.invalid_parameters).toEqual({ bonus_id: ['wrong_field'] });
      }
    }
    const malformed = await post(other.tab, 'bettingbonuses/activate', { bonus_id: 'abc' });
    expectError(malformed, 'InvalidParameter');
    expect(malformed.body.error?.invalid_parameters).toHaveProperty('bonus_id');
    // The casino's methods do not act on a free bet, nor these on a casino bonus.
    const casinoRemove = await post(owner.tab, 'bonuses/remove', { bonus_id: owner.bonusId });
    expect(casinoRemove.body.error?.invalid_parameters).toEqual({ bonus_id: ['wrong_field'] });
    const { id: casinoTemplate } = await template({
      kind: 'no_deposit',
      code: 'TESTCASINO',
      min_odds: undefined,
      wagering_multiplier: 1,
    });
    const casinoBonus = await grant(owner.id, casinoTemplate);
    const crossed = await post(owner.tab, 'bettingbonuses/activate', { bonus_id: casinoBonus });
    expect(crossed.body.error?.invalid_parameters).toEqual({ bonus_id: ['wrong_field'] });
    // A visitor is not signed in.
    expectError(await get(server.browser(), 'bettingbonuses/get'), 'Authorization');
  });

  it('remove takes an active free bet’s amount back off the betting balance, once', async () => {
    const player = await activeFreeBet();
    expect((await balances(player.tab)).betting).toBe('10.00');
    expect(
      (await post(player.tab, 'bettingbonuses/remove', { bonus_id: player.bonusId })).body.data,
    ).toBe(1);
    expect((await freeBet(player.tab, player.bonusId)).status).toBe('removed');
    expect((await balances(player.tab)).betting).toBe('0.00');
    expectError(
      await post(player.tab, 'bettingbonuses/remove', { bonus_id: player.bonusId }),
      'InvalidRequest',
      'bonus_status',
    );
    // An available one ends with no money moved.
    const { id: templateId } = await template({ code: 'TESTFB2' });
    const waiting = await grant(player.id, templateId);
    await post(player.tab, 'bettingbonuses/remove', { bonus_id: waiting });
    expect((await freeBet(player.tab, waiting)).status).toBe('removed');
    expect((await balances(player.tab)).betting).toBe('0.00');
    await expectBooksBalance(server.database);
  });

  it('expiry: activation refused after it, the job ends available and active free bets (the active one’s money leaves)', async () => {
    const player = await activeFreeBet();
    const { id: templateId } = await template({ code: 'TESTFB3' });
    const waiting = await grant(player.id, templateId);
    offsetMs = 25 * HOUR;
    expectError(
      await post(player.tab, 'bettingbonuses/activate', { bonus_id: waiting }),
      'InvalidRequest',
      'bonus_expired',
    );
    const outcome = await runBonusJob(app);
    expect(outcome.freeBetsExpired).toEqual(expect.arrayContaining([player.bonusId, waiting]));
    // Not the casino's expiry list, and a second pass finds nothing of theirs.
    expect(outcome.expired).not.toContain(player.bonusId);
    expect((await runBonusJob(app)).freeBetsExpired).not.toContain(player.bonusId);
    expect((await freeBet(player.tab, player.bonusId)).status).toBe('expired');
    expect((await freeBet(player.tab, waiting)).status).toBe('expired');
    expect((await balances(player.tab)).betting).toBe('0.00');
    await expectBooksBalance(server.database);
  });

  it('an active free bet does not ask for the burn-bonuses confirm on a withdrawal (it holds no withdrawable money)', async () => {
    const player = await activeFreeBet();
    const taken = await server.database.db.transaction((tx) =>
      forfeitForWithdrawal(tx, clock(), player.id, false),
    );
    expect(taken).toBe(0n);
    expect((await freeBet(player.tab, player.bonusId)).status).toBe('active');
  });
});

describe('the sportsbook’s door: stakeFreeBet and settleFreeBet', () => {
  it('refuses a stake that breaks a rule, each with its typed reason, and moves nothing', async () => {
    const player = await activeFreeBet();
    const base = {
      playerId: player.id,
      bonusId: player.bonusId,
      stakeMinor: 1_000n,
      odds: '2.00',
    };
    const other = await newPlayer();
    expect(await refusal(() => stake({ ...base, odds: '1.99', betRef: betRef() }))).toBe(
      'InvalidRequest:free_bet_min_odds',
    );
    expect(await refusal(() => stake({ ...base, stakeMinor: 500n, betRef: betRef() }))).toBe(
      'InvalidRequest:free_bet_amount',
    );
    expect(await refusal(() => stake({ ...base, playerId: other.id, betRef: betRef() }))).toBe(
      'InvalidParameter:bonus_id',
    );
    for (const odds of ['0.95', 'two', '2,10', '']) {
      expect(await refusal(() => stake({ ...base, odds, betRef: betRef() }))).toBe(
        'InvalidParameter:odds',
      );
    }
    // Not activated yet: refused.
    const { id: templateId } = await template({ code: 'TESTFB4' });
    const waiting = await grant(player.id, templateId);
    expect(await refusal(() => stake({ ...base, bonusId: waiting, betRef: betRef() }))).toBe(
      'InvalidRequest:bonus_status',
    );
    // Past its expiry, before the job: refused.
    offsetMs = 25 * HOUR;
    expect(await refusal(() => stake({ ...base, betRef: betRef() }))).toBe(
      'InvalidRequest:bonus_expired',
    );
    offsetMs = 0;
    expect((await balances(player.tab)).betting).toBe('10.00');
    const [stakes] = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from free_bet_stakes where player_id = ${player.id}`,
    );
    expect(stakes!.n).toBe(0);
  });

  it('a won free bet pays the winnings without the stake as real money, once; a replay answers the same', async () => {
    const player = await activeFreeBet();
    const bet = betRef();
    const request = {
      playerId: player.id,
      bonusId: player.bonusId,
      stakeMinor: 1_000n,
      odds: '2.35',
      betRef: bet,
    };
    const first = await stake(request);
    expect(first).toMatchObject({ replayed: false, stakeMinor: 1_000n, odds: '2.35' });
    expect(await balances(player.tab)).toEqual({ main: '0.00', betting: '0.00', total: '0.00' });
    expect((await freeBet(player.tab, player.bonusId)).status).toBe('used');
    // A replay of the same stake: the first answer, nothing moves.
    const again = await stake(request);
    expect(again).toMatchObject({ replayed: true, stakeId: first.stakeId });
    // The same reference for another request is refused; another bet with the spent free bet too.
    expect(await refusal(() => stake({ ...request, odds: '3.00' }))).toBe(
      'InvalidRequest:idempotency_key_reused',
    );
    expect(await refusal(() => stake({ ...request, betRef: betRef() }))).toBe(
      'InvalidRequest:free_bet_used',
    );
    // Staked: the player cannot remove it (its bet is out there), the job does not expire it.
    expectError(
      await post(player.tab, 'bettingbonuses/remove', { bonus_id: player.bonusId }),
      'InvalidRequest',
      'free_bet_in_play',
    );
    offsetMs = 25 * HOUR;
    expect((await runBonusJob(app)).freeBetsExpired).not.toContain(player.bonusId);
    offsetMs = 0;

    // A return above stake × odds, or below the stake for a win, is a field error.
    expect(await refusal(() => settle({ betRef: bet, outcome: 'won', returnMinor: 2_351n }))).toBe(
      'InvalidParameter:return',
    );
    expect(await refusal(() => settle({ betRef: bet, outcome: 'won', returnMinor: 999n }))).toBe(
      'InvalidParameter:return',
    );
    expect(
      await refusal(() => settle({ betRef: 'no-such-bet', outcome: 'lost', returnMinor: 0n })),
    ).toBe('InvalidParameter:bet_ref');

    const won = await settle({ betRef: bet, outcome: 'won', returnMinor: 2_350n });
    expect(won).toMatchObject({ outcome: 'won', winningsMinor: 1_350n, replayed: false });
    // €10 at 2.35 returns €23.50; the free bet's €10 stake is not the player's: €13.50 is.
    expect(await balances(player.tab)).toEqual({ main: '13.50', betting: '0.00', total: '13.50' });
    const replay = await settle({ betRef: bet, outcome: 'won', returnMinor: 2_350n });
    expect(replay).toMatchObject({ winningsMinor: 1_350n, replayed: true });
    expect(await refusal(() => settle({ betRef: bet, outcome: 'lost', returnMinor: 0n }))).toBe(
      'InvalidRequest:free_bet_settled',
    );
    expect((await balances(player.tab)).main).toBe('13.50');
    const view = await freeBet(player.tab, player.bonusId);
    expect(view).toMatchObject({
      status: 'used',
      bet: { odds: '2.35', status: 'won', winnings: { amount: '13.50' } },
    });
    await expectBooksBalance(server.database);
  });

  it('a lost free bet is burnt; a void one comes back to be staked again, unless it expired meanwhile', async () => {
    const player = await activeFreeBet();
    const base = { playerId: player.id, bonusId: player.bonusId, stakeMinor: 1_000n, odds: '2.00' };
    const voided = betRef();
    await stake({ ...base, betRef: voided });
    expect(await settle({ betRef: voided, outcome: 'void', returnMinor: 0n })).toMatchObject({
      returned: true,
      winningsMinor: 0n,
    });
    expect((await freeBet(player.tab, player.bonusId)).status).toBe('active');
    expect((await balances(player.tab)).betting).toBe('10.00');
    // A lost or void settlement with a return is a field error.
    const lost = betRef();
    await stake({ ...base, odds: '4.10', betRef: lost });
    expect(await refusal(() => settle({ betRef: lost, outcome: 'lost', returnMinor: 1n }))).toBe(
      'InvalidParameter:return',
    );
    expect(await settle({ betRef: lost, outcome: 'lost', returnMinor: 0n })).toMatchObject({
      outcome: 'lost',
      winningsMinor: 0n,
    });
    expect(await balances(player.tab)).toEqual({ main: '0.00', betting: '0.00', total: '0.00' });
    expect((await freeBet(player.tab, player.bonusId)).bet).toMatchObject({ status: 'lost' });
    expect(await refusal(() => stake({ ...base, betRef: betRef() }))).toBe(
      'InvalidRequest:free_bet_used',
    );

    // Void after the expiry: nothing comes back, the free bet ends expired.
    const late = await activeFreeBet({ code: 'TESTFB5' });
    const lateRef = betRef();
    await stake({
      playerId: late.id,
      bonusId: late.bonusId,
      stakeMinor: 1_000n,
      odds: '2.00',
      betRef: lateRef,
    });
    offsetMs = 25 * HOUR;
    expect(await settle({ betRef: lateRef, outcome: 'void', returnMinor: 0n })).toMatchObject({
      returned: false,
    });
    expect((await freeBet(late.tab, late.bonusId)).status).toBe('expired');
    expect((await balances(late.tab)).betting).toBe('0.00');
    await expectBooksBalance(server.database);
  });

  it('two stakes of one free bet at once: one is taken, the other refused', async () => {
    const player = await activeFreeBet();
    const base = { playerId: player.id, bonusId: player.bonusId, stakeMinor: 1_000n, odds: '2.00' };
    const results = await Promise.all([
      refusal(() => stake({ ...base, betRef: betRef() })),
      refusal(() => stake({ ...base, betRef: betRef() })),
    ]);
    expect(results.sort()).toEqual(['InvalidRequest:free_bet_used', null].sort());
    const [count] = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries
          where idempotency_key like ${`freebet:${player.bonusId}:stake:%`}`,
    );
    expect(count!.n).toBe(1);
    await expectBooksBalance(server.database);
  });
});
