import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectBooksBalance } from '../testing/books.ts';
import { fundedModelPlayers, modelBench, refusal } from '../testing/model-harness.ts';
import { ScriptedFeed } from '../testing/sportsbook.ts';
import { decideMarket, FeedIngest, placeBet, settleBets, settleDue } from './index.ts';

/**
 * Staff's decisions on markets against a reference model (issue #30): random sequences of
 * placements (singles and doubles), markets settled by hand with random results, corrected,
 * voided, matches the feed finishes with random scores (it must leave a decided market alone),
 * and settlement passes go through the real doors on PGlite (or TEST_DATABASE_URL), the book fed
 * by the real ingest from a scripted feed. A decision settles its bets at once through the one
 * settlement (`settleBets`). After each operation each player's balance must be the model's; at
 * the end the books balance.
 *
 * Size: TRADING_MODEL_RUNS runs (default 30) of 40 operations.
 */

const RUNS = Number(process.env.TRADING_MODEL_RUNS ?? 30);
const OPS = 40;
const EVENTS = 2;
/** Each event's outcomes: the 1x2 market's three, then the total's two. */
const KEYS = [
  ['1x2', 'home'],
  ['1x2', 'draw'],
  ['1x2', 'away'],
  ['total:2.5', 'over'],
  ['total:2.5', 'under'],
] as const;
const MARKETS = [
  [0, 1, 2],
  [3, 4],
] as const;
const ODDS = [2000, 3200, 3500, 1800, 2000];

type Result = 'won' | 'lost' | 'void';
interface MOutcome {
  id: number;
  odds: number;
  status: 'open' | Result;
}
interface MEvent {
  ref: string;
  status: 'prematch' | 'ended';
  outcomes: MOutcome[];
  marketIds: number[];
  decided: boolean[];
}
interface MBet {
  id: string;
  player: number;
  stake: bigint;
  legs: { outcome: number; odds: number; result: 'pending' | Result }[];
  status: 'open' | 'won' | 'lost' | 'void';
  returned: bigint;
}

/** What a bet's one line returns once every leg has a result (null while one is pending). */
function modelReturn(bet: MBet): bigint | null {
  let num = bet.stake;
  let den = 1n;
  for (const leg of bet.legs) {
    if (leg.result === 'pending') return null;
    if (leg.result === 'lost') return 0n;
    if (leg.result === 'won') {
      num *= BigInt(leg.odds);
      den *= 1000n;
    }
  }
  return num / den;
}

type Op =
  | { type: 'place'; player: number; picks: [number, number][]; stake: number }
  | { type: 'decide'; event: number; market: number; results: Result[] }
  | { type: 'void'; event: number; market: number }
  | { type: 'finish'; event: number; home: number; away: number }
  | { type: 'settle' };

const result = fc.constantFrom<Result>('won', 'lost', 'lost', 'void');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant('place' as const),
      player: fc.nat(1),
      picks: fc.oneof(
        fc.tuple(fc.tuple(fc.nat(EVENTS - 1), fc.nat(KEYS.length - 1))),
        fc.tuple(
          fc.tuple(fc.constant(0), fc.nat(KEYS.length - 1)),
          fc.tuple(fc.constant(1), fc.nat(KEYS.length - 1)),
        ),
      ),
      stake: fc.constantFrom(100, 250, 1_000, 5_000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('decide' as const),
      event: fc.nat(EVENTS - 1),
      market: fc.nat(1),
      results: fc.array(result, { minLength: 3, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('void' as const),
      event: fc.nat(EVENTS - 1),
      market: fc.nat(1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('finish' as const),
      event: fc.nat(EVENTS - 1),
      home: fc.nat(3),
      away: fc.nat(3),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'settle' as const }) },
);

const bench = modelBench('trading-model', () => Date.now());
/** What the runs exercised (a model test that never reaches a path proves nothing about it). */
const seen = new Map<string, number>();
const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
let run = 0;

describe("staff's market decisions against the reference model", () => {
  it(`pays as the model through ${RUNS} runs of ${OPS} operations`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: OPS, maxLength: OPS }), async (ops) => {
        run += 1;
        const db = bench.database.db;
        const feed = new ScriptedFeed();
        const ingest = new FeedIngest(feed, db);
        const players = await fundedModelPlayers(
          bench.database,
          `trading-model-${process.pid}-${run}`,
          2,
          200_00n,
        );
        const balances = players.map(() => 200_00n);
        const events: MEvent[] = [];
        for (let e = 0; e < EVENTS; e += 1) {
          const ref = `t${run}e${e}`;
          feed.match(ref, {
            home: ODDS[0]!,
            draw: ODDS[1]!,
            away: ODDS[2]!,
            over: ODDS[3]!,
            under: ODDS[4]!,
          });
          events.push({
            ref,
            status: 'prematch',
            outcomes: [],
            marketIds: [],
            decided: [false, false],
          });
        }
        await ingest.pass(new Date());
        for (const event of events) {
          const rows = await bench.database.query<{
            id: number;
            key: string;
            market: string;
            market_id: number;
            odds: number;
          }>(
            sql`select o.id, o.key, m.key as market, m.id as market_id, o.odds from sb_outcomes o
                join sb_markets m on m.id = o.market_id
                join sb_events e on e.id = m.event_id where e.feed_ref = ${`scripted:${event.ref}`}`,
          );
          event.outcomes = KEYS.map(([market, key]) => {
            const row = rows.find((r) => r.market === market && r.key === key)!;
            return { id: row.id, odds: row.odds, status: 'open' };
          });
          event.marketIds = ['1x2', 'total:2.5'].map(
            (key) => rows.find((r) => r.market === key)!.market_id,
          );
        }
        const outcomeById = new Map(events.flatMap((e) => e.outcomes.map((o) => [o.id, o])));
        const bets: MBet[] = [];

        /**
         * The settlement of the bets `which` picks, from their outcomes' statuses now. A result
         * never goes back to pending here (staff and the feed only ever give results), so a bet
         * once decided stays decided; a correction moves the difference, taking back at most
         * what the balance holds (the rest is owed).
         */
        const modelSettle = (which: (bet: MBet) => boolean) => {
          for (const bet of bets.filter(which)) {
            const was = bet.legs.map((leg) => leg.result).join();
            for (const leg of bet.legs) {
              const status = outcomeById.get(leg.outcome)!.status;
              if (status !== 'open') leg.result = status;
            }
            const returned = modelReturn(bet);
            if (returned === null || bet.legs.map((leg) => leg.result).join() === was) continue;
            const p = players.indexOf(bet.player);
            const wanted = returned - bet.returned;
            const moved = wanted < -balances[p]! ? -balances[p]! : wanted;
            balances[p]! += moved;
            count(bet.status === 'open' ? 'settled' : 'resettled');
            bet.returned = returned;
            const allVoid = bet.legs.every((leg) => leg.result === 'void');
            bet.status = allVoid ? 'void' : returned > 0n ? 'won' : 'lost';
          }
        };

        const decide = async (event: MEvent, market: number, results: Result[] | null) => {
          const indexes = MARKETS[market]!;
          const marketId = event.marketIds[market]!;
          const made = await db.transaction((tx) =>
            decideMarket(tx, new Date(), {
              marketId,
              results: results
                ? Object.fromEntries(indexes.map((i, n) => [KEYS[i]![1], results[n]!]))
                : null,
              voidReason: results ? null : 'abandoned',
            }),
          );
          await settleBets(db, new Date(), made.betIds);
          indexes.forEach((i, n) => {
            event.outcomes[i]!.status = results ? results[n]! : 'void';
          });
          event.decided[market] = true;
          const ids = new Set(indexes.map((i) => event.outcomes[i]!.id));
          modelSettle((bet) => bet.legs.some((leg) => ids.has(leg.outcome)));
        };

        for (const op of ops) {
          switch (op.type) {
            case 'place': {
              const picks = op.picks.map(([e, k]) => events[e]!.outcomes[k]!);
              const stake = BigInt(op.stake);
              const expected = picks.some(
                (o, i) => o.status !== 'open' || events[op.picks[i]![0]]!.status !== 'prematch',
              )
                ? 'selection_suspended'
                : stake > balances[op.player]!
                  ? 'insufficient_funds'
                  : null;
              let betId: string | null = null;
              const got = await refusal(async () => {
                betId = (
                  await db.transaction((tx) =>
                    placeBet(tx, new Date(), {
                      playerId: players[op.player]!,
                      currency: 'EUR',
                      decimals: 2,
                      requestId: randomUUID(),
                      kind: picks.length === 1 ? 'single' : 'accumulator',
                      legs: picks.map((o) => ({ outcomeId: o.id, odds: o.odds })),
                      stakeMinor: stake,
                      freeBetId: null,
                      oddsChange: 'any',
                    }),
                  )
                ).betId;
              });
              expect(got, JSON.stringify(op)).toBe(expected);
              count(`place ${got ?? 'taken'}`);
              if (got === null) {
                balances[op.player]! -= stake;
                bets.push({
                  id: betId!,
                  player: players[op.player]!,
                  stake,
                  legs: picks.map((o) => ({ outcome: o.id, odds: o.odds, result: 'pending' })),
                  status: 'open',
                  returned: 0n,
                });
              }
              break;
            }
            case 'decide': {
              const event = events[op.event]!;
              count(event.decided[op.market] ? 'decision corrected' : 'decided');
              await decide(event, op.market, op.results.slice(0, MARKETS[op.market]!.length));
              break;
            }
            case 'void': {
              count('voided');
              await decide(events[op.event]!, op.market, null);
              break;
            }
            case 'finish': {
              // The feed's result (again: a correction) for the markets staff have not decided.
              const event = events[op.event]!;
              feed.finish(event.ref, op.home, op.away);
              event.status = 'ended';
              const winner = op.home > op.away ? 0 : op.home < op.away ? 2 : 1;
              const over = op.home + op.away > 2.5;
              event.outcomes.forEach((o, index) => {
                const market = index < 3 ? 0 : 1;
                if (event.decided[market]) return;
                o.status =
                  index < 3
                    ? index === winner
                      ? 'won'
                      : 'lost'
                    : (index === 3) === over
                      ? 'won'
                      : 'lost';
              });
              if (event.decided.some(Boolean)) count('feed kept off a decision');
              await ingest.pass(new Date());
              break;
            }
            case 'settle': {
              await settleDue(db, new Date());
              modelSettle(() => true);
              break;
            }
          }
          for (let p = 0; p < players.length; p += 1) {
            const [row] = await bench.database.query<{ balance_minor: string }>(
              sql`select balance_minor from wallets where player_id = ${players[p]!}
                  and kind = 'main' and currency = 'EUR'`,
            );
            expect(BigInt(row!.balance_minor), `player ${p} after ${JSON.stringify(op)}`).toBe(
              balances[p],
            );
          }
        }
        // Each outcome as the model has it: a decided market kept staff's results.
        for (const event of events) {
          for (const o of event.outcomes) {
            const [row] = await bench.database.query<{ status: string }>(
              sql`select status from sb_outcomes where id = ${o.id}`,
            );
            expect(row!.status).toBe(o.status);
          }
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    await expectBooksBalance(bench.database);
    console.log('trading model:', Object.fromEntries([...seen].sort()));
    for (const path of [
      'decided',
      'decision corrected',
      'voided',
      'resettled',
      'feed kept off a decision',
    ])
      expect(seen.get(path) ?? 0, path).toBeGreaterThan(0);
  }, 600_000);
});
