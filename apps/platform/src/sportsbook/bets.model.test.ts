import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectBooksBalance } from '../testing/books.ts';
import { fundedModelPlayers, modelBench, refusal } from '../testing/model-harness.ts';
import { ScriptedFeed } from '../testing/sportsbook.ts';
import { cashOut, FeedIngest, placeBet, quoteCashOut, settleDue } from './index.ts';

/**
 * Bets against a reference model (issue #29): random sequences of odds moves, suspensions,
 * placements (singles, accumulators, 2/3 systems and Trixies; at the odds shown or stale ones,
 * under each odds-change setting; some on one event twice, some beyond the balance), results,
 * corrected results, cancellations, settlement passes, and cash-outs (whole or part, at the
 * current quote or a stale one, some racing a settlement pass) go through the real doors on
 * PGlite (or TEST_DATABASE_URL), the book fed by the real ingest from a scripted feed. Every
 * answer must be the model's (the refusal's reason, the odds taken, the value paid), and after
 * each operation each player's balance must be the model's. At the end of each run, in the
 * database: the books balance, no bet was settled or cashed out twice (one `settle:n` row per
 * settlement, each cash-out row one ledger row), and no bet was taken at odds the player did not
 * accept.
 *
 * Size: SPORTSBOOK_MODEL_RUNS runs (default 50) of 100 operations: 5,000 operations.
 */

const RUNS = Number(process.env.SPORTSBOOK_MODEL_RUNS ?? 50);
const OPS = 100;
const EVENTS = 4;
const KEYS = [
  ['1x2', 'home'],
  ['1x2', 'draw'],
  ['1x2', 'away'],
  ['total:2.5', 'over'],
  ['total:2.5', 'under'],
] as const;
const PRICES = [1150, 1500, 1800, 2000, 2500, 3200, 4500];
const MARGIN = 500;

type Result = 'pending' | 'won' | 'lost' | 'void';
type OStatus = 'open' | 'suspended' | 'won' | 'lost' | 'void';
interface MOutcome {
  id: number;
  odds: number;
  status: OStatus;
}
interface MEvent {
  ref: string;
  status: 'prematch' | 'ended' | 'cancelled';
  suspended: boolean;
  outcomes: MOutcome[];
}
interface MLeg {
  outcome: number;
  event: number;
  odds: number;
  result: Result;
}
interface MBet {
  id: string;
  player: number;
  lines: number[][];
  stake: bigint;
  legs: MLeg[];
  status: 'open' | 'won' | 'lost' | 'void' | 'cashed-out';
  returned: bigint;
  settlements: number;
}

const KIND_LINES: Record<string, (n: number) => number[][] | null> = {
  single: (n) => (n === 1 ? [[0]] : null),
  accumulator: (n) => (n >= 2 ? [Array.from({ length: n }, (_, i) => i)] : null),
  'system:2': (n) =>
    n === 3
      ? [
          [0, 1],
          [0, 2],
          [1, 2],
        ]
      : null,
  trixie: (n) =>
    n === 3
      ? [
          [0, 1],
          [0, 2],
          [1, 2],
          [0, 1, 2],
        ]
      : null,
};

/** A line's factor per leg, as numerator and denominator (thousandths). */
function factor(leg: MLeg, current?: number): [bigint, bigint] | null {
  if (leg.result === 'won') return [BigInt(leg.odds), 1000n];
  if (leg.result === 'lost') return [0n, 1n];
  if (leg.result === 'void') return [1n, 1n];
  return current === undefined ? null : [BigInt(leg.odds), BigInt(current)];
}

/** What the settled lines return (null while a line is open). */
function modelReturn(bet: MBet): bigint | null {
  let total = 0n;
  for (const line of bet.lines) {
    let num = bet.stake;
    let den = 1n;
    let open = false;
    let lost = false;
    for (const index of line) {
      const f = factor(bet.legs[index]!);
      if (f === null) open = true;
      else if (f[0] === 0n) lost = true;
      else {
        num *= f[0];
        den *= f[1];
      }
    }
    if (lost) continue;
    if (open) return null;
    total += num / den;
  }
  return total;
}

/** The cash-out value, or null when a pending leg's outcome is not open. */
function modelCashOut(bet: MBet, outcomes: Map<number, MOutcome>, events: MEvent[]): bigint | null {
  if (bet.status !== 'open') return null;
  for (const leg of bet.legs) {
    if (leg.result !== 'pending') continue;
    const o = outcomes.get(leg.outcome)!;
    const event = events[leg.event]!;
    if (o.status !== 'open' || event.suspended || event.status !== 'prematch') return null;
  }
  let value = 0n;
  for (const line of bet.lines) {
    let num = bet.stake;
    let den = 1n;
    let lost = false;
    let open = false;
    for (const index of line) {
      const leg = bet.legs[index]!;
      const f = factor(leg, outcomes.get(leg.outcome)!.odds)!;
      if (f[0] === 0n) lost = true;
      if (leg.result === 'pending') open = true;
      num *= f[0];
      den *= f[1];
    }
    if (lost) continue;
    if (open) {
      num *= BigInt(10_000 - MARGIN);
      den *= 10_000n;
    }
    value += num / den;
  }
  return value > 0n ? value : null;
}

type Op =
  | { type: 'odds'; event: number; key: number; price: number }
  | { type: 'suspend'; event: number; on: boolean }
  | {
      type: 'place';
      player: number;
      kind: keyof typeof KIND_LINES;
      picks: [number, number][];
      stale: boolean;
      stake: number;
      setting: 'any' | 'higher' | 'none';
    }
  | { type: 'finish'; event: number; home: number; away: number }
  | { type: 'cancel'; event: number }
  | { type: 'settle' }
  | { type: 'cashout'; bet: number; part: number; stale: boolean; race: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('odds' as const),
      event: fc.nat(EVENTS - 1),
      key: fc.nat(KEYS.length - 1),
      price: fc.constantFrom(...PRICES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('suspend' as const),
      event: fc.nat(EVENTS - 1),
      // Lifted twice as often as laid: suspensions come and go, as in play.
      on: fc.constantFrom(true, false, false),
    }),
  },
  {
    weight: 9,
    arbitrary: fc
      .constantFrom('single', 'accumulator', 'accumulator', 'system:2', 'trixie')
      .chain((kind) =>
        fc.record({
          type: fc.constant('place' as const),
          player: fc.nat(1),
          kind: fc.constant(kind as keyof typeof KIND_LINES),
          // Mostly the legs the kind takes, on different events; now and then a wrong count or
          // two legs of one event.
          picks: fc.oneof(
            {
              weight: 9,
              arbitrary: fc
                .uniqueArray(fc.nat(EVENTS - 1), {
                  minLength: kind === 'single' ? 1 : kind === 'accumulator' ? 2 : 3,
                  maxLength: kind === 'single' ? 1 : 3,
                })
                .chain((events) =>
                  fc.tuple(...events.map((e) => fc.tuple(fc.constant(e), fc.nat(KEYS.length - 1)))),
                ),
            },
            {
              weight: 1,
              arbitrary: fc.array(fc.tuple(fc.nat(EVENTS - 1), fc.nat(KEYS.length - 1)), {
                minLength: 1,
                maxLength: 3,
              }),
            },
          ),
          stale: fc.boolean(),
          stake: fc.constantFrom(5, 100, 250, 1_000, 4_000),
          setting: fc.constantFrom('any', 'higher', 'none') as fc.Arbitrary<
            'any' | 'higher' | 'none'
          >,
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('finish' as const),
      event: fc.nat(EVENTS - 1),
      home: fc.nat(3),
      away: fc.nat(3),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.record({ type: fc.constant('cancel' as const), event: fc.nat(EVENTS - 1) }),
        fc.nat(3),
      )
      .map(([op, roll]): Op => (roll === 0 ? op : { type: 'settle' })),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'settle' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('cashout' as const),
      bet: fc.nat(40),
      part: fc.constantFrom(0, 0.3, 0.7),
      stale: fc.boolean(),
      race: fc.boolean(),
    }),
  },
);

const bench = modelBench('sportsbook-model', () => Date.now());
/** What the runs exercised (printed at the end: a model test that never reaches a path proves nothing about it). */
const seen = new Map<string, number>();
const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
let run = 0;

describe('bets against the reference model', () => {
  it(`answers as the model through ${RUNS} runs of ${OPS} operations`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: OPS, maxLength: OPS }), async (ops) => {
        run += 1;
        const db = bench.database.db;
        const feed = new ScriptedFeed();
        const ingest = new FeedIngest(feed, db);
        const players = await fundedModelPlayers(
          bench.database,
          `sb-model-${process.pid}-${run}`,
          2,
          200_00n,
        );
        const balances = players.map(() => 200_00n);
        const events: MEvent[] = [];
        for (let e = 0; e < EVENTS; e += 1) {
          const ref = `m${run}e${e}`;
          feed.match(ref, { home: 2000, draw: 3200, away: 3500, over: 1800, under: 2000 });
          events.push({ ref, status: 'prematch', suspended: false, outcomes: [] });
        }
        await ingest.pass(new Date());
        const outcomes = new Map<number, MOutcome>();
        for (const event of events) {
          const rows = await bench.database.query<{
            id: number;
            key: string;
            market: string;
            odds: number;
          }>(
            sql`select o.id, o.key, m.key as market, o.odds from sb_outcomes o join sb_markets m on m.id = o.market_id
                join sb_events e on e.id = m.event_id where e.feed_ref = ${`scripted:${event.ref}`}`,
          );
          event.outcomes = KEYS.map(([market, key]) => {
            const row = rows.find((r) => r.market === market && r.key === key)!;
            const o: MOutcome = { id: row.id, odds: row.odds, status: 'open' };
            outcomes.set(row.id, o);
            return o;
          });
        }
        const bets: MBet[] = [];
        const eventOf = (outcome: number) =>
          events.findIndex((e) => e.outcomes.some((o) => o.id === outcome));

        const syncStatus = (event: MEvent) => {
          for (const o of event.outcomes) {
            if (event.status === 'prematch') o.status = event.suspended ? 'suspended' : 'open';
          }
        };

        const modelSettle = () => {
          for (const bet of bets) {
            let changed = false;
            for (const leg of bet.legs) {
              const o = outcomes.get(leg.outcome)!;
              if (
                (o.status === 'won' || o.status === 'lost' || o.status === 'void') &&
                leg.result !== o.status
              ) {
                leg.result = o.status;
                changed = true;
              }
            }
            if (!changed || bet.status === 'cashed-out') continue;
            const returned = modelReturn(bet);
            const p = players.indexOf(bet.player);
            if (returned === null) {
              // Decided before, open again after a correction: what it paid is taken back.
              if (bet.status === 'open') continue;
              let back = -bet.returned;
              if (-back > balances[p]!) back = -balances[p]!;
              balances[p]! += back;
              bet.returned = 0n;
              bet.status = 'open';
              bet.settlements += 1;
              count('reopened');
              continue;
            }
            let delta = returned - bet.returned;
            if (delta < 0n && -delta > balances[p]!) delta = -balances[p]!;
            balances[p]! += delta;
            bet.returned = returned;
            bet.settlements += 1;
            count(
              bet.settlements > 1 ? 'resettled' : `settled ${returned > 0n ? 'paid' : 'nothing'}`,
            );
            bet.status = bet.legs.every((l) => l.result === 'void')
              ? 'void'
              : returned > 0n
                ? 'won'
                : 'lost';
          }
        };

        for (const op of ops) {
          switch (op.type) {
            case 'odds': {
              const event = events[op.event]!;
              if (event.status !== 'prematch') break;
              const [market, key] = KEYS[op.key]!;
              feed.setOdds(event.ref, market, key, op.price);
              event.outcomes[op.key]!.odds = op.price;
              await ingest.pass(new Date());
              break;
            }
            case 'suspend': {
              const event = events[op.event]!;
              if (event.status !== 'prematch') break;
              feed.suspend(event.ref, op.on);
              event.suspended = op.on;
              syncStatus(event);
              await ingest.pass(new Date());
              break;
            }
            case 'finish':
            case 'cancel': {
              const event = events[op.event]!;
              if (event.status === 'cancelled') break;
              if (op.type === 'cancel') {
                if (event.status === 'ended') break;
                feed.cancel(event.ref);
                event.status = 'cancelled';
                for (const o of event.outcomes) o.status = 'void';
              } else {
                // Ending a match again with another score is a corrected result.
                feed.finish(event.ref, op.home, op.away);
                event.status = 'ended';
                const winner = op.home > op.away ? 0 : op.home < op.away ? 2 : 1;
                const over = op.home + op.away > 2.5;
                event.outcomes.forEach((o, index) => {
                  o.status =
                    index < 3
                      ? index === winner
                        ? 'won'
                        : 'lost'
                      : (index === 3) === over
                        ? 'won'
                        : 'lost';
                });
              }
              event.suspended = false;
              await ingest.pass(new Date());
              break;
            }
            case 'settle': {
              await settleDue(db, new Date());
              modelSettle();
              break;
            }
            case 'place': {
              const p = op.player;
              const picks = op.picks.map(([e, k]) => events[e]!.outcomes[k]!);
              const lines = KIND_LINES[op.kind]!(picks.length);
              const shown = picks.map((o) =>
                op.stale ? (PRICES.find((x) => x !== o.odds) ?? o.odds) : o.odds,
              );
              const stake = BigInt(op.stake);
              const distinct = new Set(picks.map((o) => o.id)).size === picks.length;
              const legEvents = picks.map((o) => eventOf(o.id));
              let expected: string | null = null;
              if (!lines || !distinct) expected = 'wrong_field';
              else if (
                picks.some(
                  (o) => o.status !== 'open' || events[eventOf(o.id)]!.status !== 'prematch',
                )
              ) {
                expected = 'selection_suspended';
              } else if (
                picks.some((o, i) => {
                  const now = o.odds;
                  return op.setting === 'none'
                    ? now !== shown[i]
                    : op.setting === 'higher'
                      ? now < shown[i]!
                      : false;
                })
              ) {
                expected = 'odds_changed';
              } else if (new Set(legEvents).size !== legEvents.length) expected = 'same_event';
              else if (stake < 10n) expected = 'stake_too_low';
              else if (stake * BigInt(lines.length) > balances[p]!) expected = 'insufficient_funds';
              const requestId = randomUUID();
              let betId: string | null = null;
              const got = await refusal(async () => {
                betId = (
                  await db.transaction((tx) =>
                    placeBet(tx, new Date(), {
                      playerId: players[p]!,
                      currency: 'EUR',
                      decimals: 2,
                      requestId,
                      kind: op.kind,
                      legs: picks.map((o, i) => ({ outcomeId: o.id, odds: shown[i]! })),
                      stakeMinor: stake,
                      freeBetId: null,
                      oddsChange: op.setting,
                    }),
                  )
                ).betId;
              });
              expect(got, JSON.stringify(op)).toBe(expected);
              count(`place ${got ?? 'taken'}`);
              if (got === null) {
                balances[p]! -= stake * BigInt(lines!.length);
                bets.push({
                  id: betId!,
                  player: players[p]!,
                  lines: lines!,
                  stake,
                  legs: picks.map((o) => ({
                    outcome: o.id,
                    event: eventOf(o.id),
                    odds: o.odds,
                    result: 'pending',
                  })),
                  status: 'open',
                  returned: 0n,
                  settlements: 0,
                });
              }
              break;
            }
            case 'cashout': {
              const bet = bets[op.bet % Math.max(1, bets.length)];
              if (!bet) break;
              const p = players.indexOf(bet.player);
              const value = modelCashOut(bet, outcomes, events);
              const quote = await quoteCashOut(db, bet.player, bet.id, MARGIN);
              expect(quote.valueMinor, `quote of bet ${bet.id}`).toBe(value);
              const quoted = op.stale && value !== null ? value + 1n : (value ?? 100n);
              const part =
                value !== null && op.part > 0
                  ? (value * BigInt(Math.round(op.part * 10))) / 10n
                  : 0n;
              const amount = part >= 1n ? part : null;
              /** What the cash-out answers when the bet is worth `worth` at its turn. */
              const predict = (worth: bigint | null) => {
                if (worth === null) return 'cash_out_unavailable';
                if (worth !== quoted) return 'cash_out_requoted';
                if (
                  amount !== null &&
                  amount < worth &&
                  (bet.stake * (worth - amount)) / worth < 1n
                ) {
                  return 'wrong_field';
                }
                return null;
              };
              const attempt = refusal(() =>
                db.transaction((tx) =>
                  cashOut(
                    tx,
                    {
                      playerId: bet.player,
                      betId: bet.id,
                      requestId: randomUUID(),
                      quotedMinor: quoted,
                      amountMinor: amount,
                    },
                    MARGIN,
                  ),
                ),
              );
              // Racing a settlement pass: either order is right. A bet the cash-out held is
              // skipped by that pass (SKIP LOCKED) and settled by the next one, run here.
              const [got] = await Promise.all([
                attempt,
                op.race ? settleDue(db, new Date()) : null,
              ]);
              if (op.race) await settleDue(db, new Date());
              /** The cash-out's effect on the model when the bet is worth `worth` at its turn. */
              const apply = (worth: bigint | null) => {
                if (got !== null) return;
                balances[p]! += amount ?? worth!;
                if (amount !== null && amount < worth!) {
                  bet.stake = (bet.stake * (worth! - amount)) / worth!;
                } else {
                  bet.stake = 0n;
                  bet.status = 'cashed-out';
                }
              };
              const dbBalances = async () =>
                Promise.all(
                  players.map(async (id) => {
                    const [row] = await bench.database.query<{ balance_minor: string }>(
                      sql`select balance_minor from wallets where player_id = ${id} and kind = 'main' and currency = 'EUR'`,
                    );
                    return BigInt(row!.balance_minor);
                  }),
                );
              const saved = structuredClone({ bets, balances });
              const restore = () => {
                balances.splice(0, balances.length, ...saved.balances);
                bets.forEach((b, i) => Object.assign(b, structuredClone(saved.bets[i])));
              };
              // The cash-out first, then the settlement (always the order without a race).
              let ok = got === predict(value);
              if (ok) {
                apply(value);
                if (op.race) modelSettle();
              }
              if (op.race) {
                const actual = await dbBalances();
                if (!ok || actual.some((b, i) => b !== balances[i])) {
                  // The settlement first, then the cash-out.
                  restore();
                  modelSettle();
                  const worth = modelCashOut(bet, outcomes, events);
                  ok = got === predict(worth);
                  if (ok) apply(worth);
                }
              }
              expect(ok, `cash-out ${JSON.stringify(op)} answered ${got}`).toBe(true);
              count(
                `cash-out ${got ?? (amount !== null ? 'part' : 'whole')}${op.race ? ' (raced)' : ''}`,
              );
              break;
            }
          }
          for (const [index, id] of players.entries()) {
            const [row] = await bench.database.query<{ balance_minor: string }>(
              sql`select balance_minor from wallets where player_id = ${id} and kind = 'main' and currency = 'EUR'`,
            );
            expect(BigInt(row!.balance_minor), `player ${index} after ${JSON.stringify(op)}`).toBe(
              balances[index],
            );
          }
        }

        // The database's own account of the run.
        await expectBooksBalance(bench.database);
        for (const bet of bets) {
          const rows = await bench.database.query<{ key: string }>(
            sql`select idempotency_key as key from ledger_entries where idempotency_key like ${`sb:${bet.id}:%`}`,
          );
          const settles = rows.filter((r) => r.key.includes(':settle:')).map((r) => r.key);
          expect(new Set(settles).size).toBe(settles.length);
          const [state] = await bench.database.query<{
            status: string;
            settlements: number;
            cash_outs: number;
          }>(
            sql`select b.status, b.settlements, (select count(*)::int from sb_cash_outs c where c.bet_id = b.id) as cash_outs
                from sb_bets b where b.id = ${bet.id}::bigint`,
          );
          expect(state!.status).toBe(bet.status);
          expect(state!.settlements).toBe(bet.settlements);
          expect(rows.filter((r) => r.key.includes(':cashout:')).length).toBe(state!.cash_outs);
        }
        // No bet at odds the player did not accept: each leg's odds are the ones the model took
        // (the price at placement, which the setting allowed against the odds shown).
        for (const bet of bets) {
          const legs = await bench.database.query<{ odds: number }>(
            sql`select odds from sb_bet_legs where bet_id = ${bet.id}::bigint order by position`,
          );
          expect(legs.map((leg) => leg.odds)).toEqual(bet.legs.map((leg) => leg.odds));
        }
      }),
      { numRuns: RUNS },
    );
    console.log('[sportsbook model]', Object.fromEntries([...seen].sort()));
    for (const path of [
      'place taken',
      'place odds_changed',
      'place selection_suspended',
      'place same_event',
      'cash-out part',
      'cash-out whole',
      'cash-out cash_out_requoted',
      'settled paid',
      'resettled',
    ]) {
      expect(seen.get(path) ?? 0, path).toBeGreaterThan(0);
    }
  }, 1_800_000);
});
