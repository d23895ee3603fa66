import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelBench, modelPlayer, refusal } from '../testing/model-harness.ts';
import { LEVELS, movePoints, openLoyaltyAccount } from '../loyalty/index.ts';
import { applyMovement, openGameSession } from '../wallet/index.ts';
import { walletTransaction } from '../wallet/seamless/service.ts';
import { cashbackAmount, lastClosedPeriod } from './arithmetic.ts';
import { payoutCashback, removeCashback, runCashbackJob, setSettings } from './index.ts';

/**
 * Cashback against a reference model (issue #26). Random sequences of deposits, bets, wins and
 * rollbacks (through the seamless wallet), clock ticks that run the cashback job (closing a day's
 * period when one has ended, expiring unclaimed cashbacks), payouts (also two at once, and of
 * another player's cashback) and removals go through the real doors on PGlite (or
 * TEST_DATABASE_URL). Every answer must be the model's; after every step the balances, and after
 * every job run each cashback's amount and status. At the end of each run: the books balance and
 * no cashback was paid twice. Players climb loyalty levels (issue #27) between period ends: each
 * period's cashback is computed at the terms' percentage plus the perk of the level the player
 * holds when it closes.
 *
 * Size: CASHBACK_MODEL_RUNS runs (default 20) of 100 to 130 operations: at least 2,000.
 */

const SLOT = 'cashback_model_slot';
const HOUR = 3_600_000;
const RULE = { percentBp: 1_000, minLossMinor: 500n, capMinor: 2_000n };
const CLAIM_HOURS = 36;
/**
 * The site's levels (loyalty/seeding.ts) at thresholds a million times theirs in points: the
 * players' bets earn points here too (the loyalty consumer, as it catches up), at most tens of
 * thousands a run, so only the model's rewards (whole millions) move a player's level.
 */
const SCALE = 1_000n;
const LEVEL_TABLE = LEVELS.map((l) => ({
  ...l,
  pointsFrom: l.pointsFrom * SCALE,
  perkBp: l.cashbackPercent * 100,
}));
const MILLION = 1_000_000;
/** The perk of the level `rewarded` points reach (a level once reached stays: rewards only add). */
function perkOf(rewarded: number): number {
  let perk = 0;
  for (const l of LEVEL_TABLE) if (BigInt(rewarded) >= l.pointsFrom) perk = l.perkBp;
  return perk;
}

type Status = 'active' | 'paid_out' | 'expired' | 'removed';
interface ModelCashback {
  id: number;
  player: number;
  amount: number;
  status: Status;
  expires: number;
}
interface ModelBet {
  player: number;
  uuid: string;
  amount: number;
  state: 'open' | 'settled' | 'rolled_back';
}

let nowMs = Date.now();
/** The start of the last period the job closed (global: the periods are the site's). */
let lastClosedStart = 0;

class Model {
  main = [0, 0];
  net = [0, 0];
  /** Loyalty points given as rewards (whole millions: see LEVEL_TABLE). */
  rewarded = [0, 0];
  bets: ModelBet[] = [];
  cashbacks: ModelCashback[] = [];

  /** One job pass: a period that has ended is closed once, then the unclaimed expire. */
  job(now: number): { player: number; amount: number; percentBp: number }[] {
    const closed = lastClosedPeriod(new Date(now), 'daily').start.getTime();
    const created: { player: number; amount: number; percentBp: number }[] = [];
    if (closed > lastClosedStart) {
      lastClosedStart = closed;
      for (const player of [0, 1]) {
        const rule = {
          ...RULE,
          // The terms' percentage plus the level's perk, at most 100 %.
          percentBp: Math.min(10_000, RULE.percentBp + perkOf(this.rewarded[player]!)),
        };
        const amount = Number(cashbackAmount(rule, BigInt(this.net[player]!)));
        if (amount > 0) created.push({ player, amount, percentBp: rule.percentBp });
        this.net[player] = 0;
      }
    }
    return created;
  }

  expire(now: number) {
    for (const c of this.cashbacks)
      if (c.status === 'active' && c.expires <= now) c.status = 'expired';
  }

  payout(player: number, c: ModelCashback, now: number): string | null {
    if (c.player !== player) return 'wrong_field';
    if (c.status !== 'active') return 'cashback_status';
    if (c.expires <= now) return 'cashback_expired';
    c.status = 'paid_out';
    this.main[player]! += c.amount;
    return null;
  }

  remove(player: number, c: ModelCashback): string | null {
    if (c.player !== player) return 'wrong_field';
    if (c.status !== 'active') return 'cashback_status';
    c.status = 'removed';
    return null;
  }
}

type Op =
  | { op: 'deposit'; player: number; amount: number }
  | { op: 'bet'; player: number; amount: number }
  | { op: 'win'; pick: number; amount: number }
  | { op: 'rollback'; pick: number }
  | { op: 'tick'; hours: number }
  | { op: 'level'; player: number; millions: number }
  | { op: 'payout'; player: number; pick: number; twice: boolean; own: boolean }
  | { op: 'remove'; player: number; pick: number; own: boolean };

const player = fc.nat({ max: 1 });
const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      player,
      amount: fc.integer({ min: 100, max: 5_000 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('bet' as const),
      player,
      amount: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 300, max: 3_000 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('win' as const),
      pick: fc.nat(),
      amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('rollback' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('tick' as const),
      hours: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 12, max: 40 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('payout' as const),
      player,
      pick: fc.nat(),
      twice: fc.boolean(),
      // Mostly one of the player's own active ones; else any (paid, expired, another's).
      own: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('level' as const),
      player,
      millions: fc.integer({ min: 1, max: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('remove' as const),
      player,
      pick: fc.nat(),
      own: fc.boolean(),
    }),
  },
);

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;
let operationsRun = 0;
const reached = new Set<string>();

const bench = modelBench(
  'cashback-model',
  () => nowMs,
  async ({ database, app }) => {
    await database.query(sql`
    insert into games (sysname, name, provider_sysname, categories) values
      (${SLOT}, 'Cashback Model Slot', 'northstar', '["slots"]'::jsonb)
    on conflict (sysname) do nothing`);
    await setSettings(database.db, new Date(nowMs), {
      currency: 'EUR',
      ...RULE,
      period: 'daily',
      payoutTo: 'main',
      wageringMultiplier: 0,
      claimHours: CLAIM_HOURS,
      isActive: true,
    });
    for (const l of LEVEL_TABLE) {
      await database.query(sql`
        insert into loyalty_levels (level, name, points_from, cashback_percent, shop_discount_percent)
        values (${l.level}, ${l.name}, ${l.pointsFrom.toString()}::bigint, ${l.cashbackPercent},
          ${l.shopDiscountPercent})
        on conflict (level) do update set points_from = excluded.points_from,
          cashback_percent = excluded.cashback_percent`);
    }
    await runCashbackJob(app);
    lastClosedStart = lastClosedPeriod(new Date(nowMs), 'daily').start.getTime();
  },
);

interface World {
  model: Model;
  ids: number[];
  tokens: string[];
}

async function world(): Promise<World> {
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const id = await modelPlayer(
      bench.database,
      `${unique('cashback-model')}@example.com`,
      new Date(nowMs),
    );
    ids.push(id);
    await openLoyaltyAccount(bench.database.db, id);
    const session = await openGameSession(
      bench.app,
      {
        playerId: id,
        providerId: 'northstar',
        gameCode: SLOT,
        currency: 'EUR',
        mode: 'real',
      },
      10 * 365 * 24 * HOUR,
    );
    tokens.push(session.token);
  }
  return { model: new Model(), ids, tokens };
}

async function mainOf(playerId: number): Promise<number> {
  const [row] = await bench.database.query<{ balance: string }>(sql`
    select balance_minor::text as balance from wallets
    where player_id = ${playerId} and currency = 'EUR' and kind = 'main'`);
  return Number(row?.balance ?? 0);
}

async function cashbackRows(w: World) {
  return bench.database.query<{
    id: number;
    player_id: number;
    amount: string;
    percent_bp: number;
    status: string;
  }>(sql`
    select id, player_id, amount_minor::text as amount, percent_bp, status from cashbacks
    where player_id in (${w.ids[0]!}, ${w.ids[1]!}) order by id`);
}

async function expectCashbacks(w: World, context: string) {
  const rows = await cashbackRows(w);
  expect(
    rows.map((r) => ({
      id: r.id,
      player: w.ids.indexOf(r.player_id),
      amount: Number(r.amount),
      status: r.status,
    })),
    context,
  ).toEqual(
    w.model.cashbacks.map((c) => ({
      id: c.id,
      player: c.player,
      amount: c.amount,
      status: c.status,
    })),
  );
}

/** One job pass on both sides; the new cashbacks get the database's ids (made in player order). */
async function job(w: World, context: string) {
  const before = new Set((await cashbackRows(w)).map((r) => r.id));
  await runCashbackJob(bench.app);
  const created = w.model.job(nowMs);
  const fresh = (await cashbackRows(w)).filter((r) => !before.has(r.id));
  expect(
    fresh.map((r) => ({
      player: w.ids.indexOf(r.player_id),
      amount: Number(r.amount),
      percentBp: r.percent_bp,
    })),
    context,
  ).toEqual(created);
  for (const [index, { percentBp: _, ...c }] of created.entries()) {
    w.model.cashbacks.push({
      id: fresh[index]!.id,
      ...c,
      status: 'active',
      expires: nowMs + CLAIM_HOURS * HOUR,
    });
    reached.add('cashback created');
    if (perkOf(w.model.rewarded[c.player]!) > 0) reached.add('cashback with a level perk');
  }
  w.model.expire(nowMs);
  await expectCashbacks(w, context);
}

async function run(w: World, operations: Op[]) {
  const m = w.model;
  for (const [step, o] of operations.entries()) {
    operationsRun += 1;
    const context = `step ${step}: ${JSON.stringify(o)}`;
    switch (o.op) {
      case 'deposit': {
        await applyMovement(bench.database.db, {
          playerId: w.ids[o.player]!,
          kind: 'main',
          currency: 'EUR',
          amountMinor: BigInt(o.amount),
          reason: 'test_deposit',
          idempotencyKey: unique('cashback-model-deposit'),
        });
        m.main[o.player]! += o.amount;
        break;
      }
      case 'bet': {
        const uuid = unique('cashback-model-bet');
        const answer = await walletTransaction(bench.app, 'northstar', 'bet', {
          request_uuid: `req-${uuid}`,
          token: w.tokens[o.player]!,
          game_code: SLOT,
          currency: 'EUR',
          transaction_uuid: uuid,
          round: `round-${uuid}`,
          round_closed: false,
          amount: o.amount,
        });
        const enough = o.amount <= m.main[o.player]!;
        expect(answer.status, context).toBe(enough ? 'RS_OK' : 'RS_ERROR_NOT_ENOUGH_MONEY');
        if (enough) {
          m.main[o.player]! -= o.amount;
          m.net[o.player]! += o.amount;
          m.bets.push({ player: o.player, uuid, amount: o.amount, state: 'open' });
        }
        reached.add(`bet ${answer.status}`);
        break;
      }
      case 'win':
      case 'rollback': {
        const open = m.bets.filter((b) => b.state === 'open');
        if (open.length === 0) break;
        const bet = open[o.pick % open.length]!;
        const uuid = unique(`cashback-model-${o.op}`);
        const amount = o.op === 'win' ? o.amount : 0;
        const answer = await walletTransaction(bench.app, 'northstar', o.op, {
          request_uuid: `req-${uuid}`,
          token: w.tokens[bet.player]!,
          game_code: SLOT,
          currency: 'EUR',
          transaction_uuid: uuid,
          round: `round-${bet.uuid}`,
          round_closed: true,
          amount,
          reference_transaction_uuid: bet.uuid,
        });
        expect(answer.status, context).toBe('RS_OK');
        const back = o.op === 'win' ? amount : bet.amount;
        m.main[bet.player]! += back;
        m.net[bet.player]! -= back;
        bet.state = o.op === 'win' ? 'settled' : 'rolled_back';
        reached.add(`${o.op} RS_OK`);
        break;
      }
      case 'level': {
        await bench.database.db.transaction((tx) =>
          movePoints(tx, {
            playerId: w.ids[o.player]!,
            kind: 'reward',
            delta: o.millions * MILLION,
            key: unique('cashback-model-level'),
          }),
        );
        m.rewarded[o.player]! += o.millions * MILLION;
        if (perkOf(m.rewarded[o.player]!) > 0) reached.add('level perk');
        break;
      }
      case 'tick': {
        nowMs += o.hours * HOUR;
        await job(w, context);
        break;
      }
      case 'payout': {
        const active = m.cashbacks.filter((c) => c.player === o.player && c.status === 'active');
        const pool = o.own && active.length > 0 ? active : m.cashbacks;
        if (pool.length === 0) break;
        const c = pool[o.pick % pool.length]!;
        const pay = () =>
          refusal(() =>
            bench.database.db.transaction((tx) =>
              payoutCashback(tx, new Date(nowMs), w.ids[o.player]!, c.id),
            ),
          );
        const answers = o.twice ? await Promise.all([pay(), pay()]) : [await pay()];
        const expected = [m.payout(o.player, c, nowMs)];
        // The second of two at once finds it paid (or refused for the same reason as the first).
        if (o.twice)
          expected.push(expected[0] === null ? 'cashback_status' : m.payout(o.player, c, nowMs));
        const order = (list: (string | null)[]) => list.map(String).sort();
        expect(order(answers), context).toEqual(order(expected));
        reached.add(`payout ${expected[0] ?? 'ok'}${o.twice ? ' twice' : ''}`);
        break;
      }
      case 'remove': {
        const active = m.cashbacks.filter((c) => c.player === o.player && c.status === 'active');
        const pool = o.own && active.length > 0 ? active : m.cashbacks;
        if (pool.length === 0) break;
        const c = pool[o.pick % pool.length]!;
        const actual = await refusal(() =>
          bench.database.db.transaction((tx) =>
            removeCashback(tx, new Date(nowMs), w.ids[o.player]!, c.id),
          ),
        );
        const expected = m.remove(o.player, c);
        expect(actual, context).toBe(expected);
        reached.add(`remove ${expected ?? 'ok'}`);
        break;
      }
    }
    for (const index of [0, 1]) expect(await mainOf(w.ids[index]!), context).toBe(m.main[index]);
  }
  // A last day on: the run's period closes and what is left unclaimed expires in time.
  nowMs += 24 * HOUR;
  await job(w, 'final close');
  nowMs += (CLAIM_HOURS + 1) * HOUR;
  await job(w, 'final expiry');
  expect(w.model.cashbacks.filter((c) => c.status === 'active')).toEqual([]);
  const players = sql.join(
    w.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const books = await bench.database.query(sql`
    select w.player_id from wallets w
    left join ledger_entries l on l.player_id = w.player_id and l.kind = w.kind and l.currency = w.currency
    where w.player_id in (${players})
    group by w.player_id, w.kind, w.currency, w.balance_minor
    having w.balance_minor <> coalesce(sum(l.amount_minor), 0) or w.balance_minor < 0`);
  expect(books).toEqual([]);
  // Each paid cashback is one ledger credit of its amount; nothing else was paid.
  const credits = await bench.database.query<{ cashback: number; n: number; total: string }>(sql`
    select (l.meta->>'cashback')::int as cashback, count(*)::int as n, sum(l.amount_minor)::text as total
    from ledger_entries l where l.player_id in (${players}) and l.reason = 'cashback_payout'
    group by 1 order by 1`);
  expect(credits).toEqual(
    w.model.cashbacks
      .filter((c) => c.status === 'paid_out')
      .map((c) => ({ cashback: c.id, n: 1, total: String(c.amount) })),
  );
}

const RUNS = Number(process.env.CASHBACK_MODEL_RUNS ?? 20);

describe('cashback against its reference model', () => {
  it('answers every random sequence of bets, wins, rollbacks, period ends, payouts, removals and expiry as the model does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 100, maxLength: 130 }), async (ops) => {
        await run(await world(), ops);
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 20) expect(operationsRun).toBeGreaterThanOrEqual(2_000);
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'bet RS_OK',
        'bet RS_ERROR_NOT_ENOUGH_MONEY',
        'win RS_OK',
        'rollback RS_OK',
        'cashback created',
        'cashback with a level perk',
        'payout ok',
        'payout ok twice',
        'payout cashback_status',
        'payout wrong_field',
        'remove ok',
      ]),
    );
  }, 900_000);
});
