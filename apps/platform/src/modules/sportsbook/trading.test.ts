import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import { get, post, type ApiAnswer } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { registeredPlayer } from '../../testing/players.ts';
import { staffTab } from '../../testing/staff.ts';
import { ScriptedFeed } from '../../testing/sportsbook.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { FeedIngest } from '../../sportsbook/index.ts';
import { balancesOf } from '../../wallet/index.ts';

/**
 * Trading from the back office (issue #30) through `/api`: events with their open bets, a market
 * settled by hand (the bets paid through the sportsbook's one settlement), corrected (resettled),
 * voided with a reason (stakes returned), a feed that disagrees afterwards left without effect,
 * each decision audited with its reason, and who may do it.
 */

let server: TestServer;
const feed = new ScriptedFeed();
let ingest: FeedIngest;
let risk: typeof fetch;

beforeAll(async () => {
  server = await startTestServer({ feed });
  ingest = server.app.sportsbook!.ingest!;
  risk = (await staffTab(server, ['risk'])).tab;
}, 120_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

const data = <T>(answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
};

interface Market {
  id: number;
  kind: string;
  status: string;
  void_reason: string | null;
  outcomes: { id: number; key: string; odds: string | null; status: string }[];
}
interface TradingView {
  event: { id: number; status: string; markets: Market[] };
  markets: { id: number; decided_at: string | null; open_bets: number }[];
}

async function eventId(ref: string): Promise<number> {
  const [row] = await server.database.query<{ id: number }>(
    sql`select id from sb_events where feed_ref = ${`scripted:${ref}`}`,
  );
  return row!.id;
}

const trading = async (id: number) =>
  data<TradingView>(await get(risk, 'sportsbook/staffgetevent', { event_id: id }));

const marketOf = (view: TradingView, kind: string) =>
  view.event.markets.find((m) => m.kind === kind)!;

/** The player's main balance, minor units (the wallet's door). */
const balance = async (id: number) => (await balancesOf(server.database.db, id, 'EUR')).main;

async function single(
  tab: typeof fetch,
  outcome: { id: number; odds: string | null },
  stake: string,
) {
  return data<{ id: string }>(
    await post(tab, 'sportsbook/place', {
      request_id: randomUUID(),
      kind: 'single',
      selections: `${outcome.id}@${outcome.odds}`,
      stake,
    }),
  ).id;
}

async function betStatuses(tab: typeof fetch) {
  const bets = data<{
    items: { id: string; status: string; legs: { result: string; void_reason: string | null }[] }[];
  }>(await get(tab, 'sportsbook/getBets', { status: 'all' }));
  return new Map(bets.items.map((bet) => [bet.id, bet]));
}

const settle = (marketId: number, results: Record<string, string>, reason = 'feed dropped it') =>
  post(risk, 'sportsbook/staffsettlemarket', {
    market_id: marketId,
    results: JSON.stringify(results),
    reason,
  });

async function auditRows(action: string, marketId: number) {
  return server.database.query<{ reason: string; before: unknown; after: unknown }>(
    sql`select reason, before, after from audit_log where action = ${action}
        and subject_id = ${String(marketId)} order by id`,
  );
}

describe('trading from the back office', () => {
  it('settles a market by hand, corrects it, and voids another, every stake and return through the ledger', async () => {
    feed.match('trade1', { home: 2000, draw: 3000, away: 4000 });
    await ingest.pass(new Date());
    const id = await eventId('trade1');
    const player = await registeredPlayer(server, { depositMinor: 100_00n });
    const before = await trading(id);
    const x12 = marketOf(before, '1x2');
    const total = marketOf(before, 'total');
    const key = (market: Market, k: string) => market.outcomes.find((o) => o.key === k)!;
    const homeBet = await single(player.tab, key(x12, 'home'), '10');
    const drawBet = await single(player.tab, key(x12, 'draw'), '5');
    const overBet = await single(player.tab, key(total, 'over'), '7');
    expect(await balance(player.id)).toBe(78_00n);

    const listed = data<{ items: { id: number; open_bets: number; undecided_markets: number }[] }>(
      await get(risk, 'sportsbook/stafflistevents', { query: 'trade1' }),
    );
    expect(v.safeParse(api.sportsbook.stafflistevents.response, listed).success).toBe(true);
    expect(listed.items).toEqual([
      expect.objectContaining({ id, open_bets: 3, undecided_markets: 2 }),
    ]);
    const view = await trading(id);
    expect(v.safeParse(api.sportsbook.staffgetevent.response, view).success).toBe(true);
    expect(view.markets.find((m) => m.id === x12.id)).toMatchObject({
      decided_at: null,
      open_bets: 2,
    });

    // Home won: the home bet returns 20, the draw bet loses.
    const decided = data<{ status: string; bets: number; settled: number }>(
      await settle(x12.id, { home: 'won', draw: 'lost', away: 'lost' }),
    );
    expect(decided).toMatchObject({ market_id: x12.id, status: 'settled', bets: 2 });
    await expect.poll(() => balance(player.id)).toBe(98_00n);
    let bets = await betStatuses(player.tab);
    expect(bets.get(homeBet)!.status).toBe('won');
    expect(bets.get(drawBet)!.status).toBe('lost');
    const settled = await trading(id);
    expect(marketOf(settled, '1x2')).toMatchObject({ status: 'settled' });
    expect(settled.markets.find((m) => m.id === x12.id)!.decided_at).not.toBeNull();

    // The feed now says the away side won: a decided market is staff's, the feed leaves it.
    feed.finish('trade1', 0, 1);
    await ingest.pass(new Date());
    const afterFeed = await trading(id);
    expect(key(marketOf(afterFeed, '1x2'), 'home').status).toBe('won');
    // The total market, not decided by staff, took the feed's result (1 goal: under).
    expect(marketOf(afterFeed, 'total').status).toBe('settled');
    await expect
      .poll(async () => (await betStatuses(player.tab)).get(overBet)!.status)
      .toBe('lost');
    expect(await balance(player.id)).toBe(98_00n);

    // A correction: the draw it was. The home bet's 20 is taken back, the draw bet pays 15.
    data(await settle(x12.id, { home: 'lost', draw: 'won', away: 'lost' }, 'result corrected'));
    await expect.poll(() => balance(player.id)).toBe(93_00n);
    bets = await betStatuses(player.tab);
    expect(bets.get(homeBet)!.status).toBe('lost');
    expect(bets.get(drawBet)!.status).toBe('won');

    // The total voided by staff after all (abandoned): the over bet's 7 comes back.
    const voided = data<{ status: string }>(
      await post(risk, 'sportsbook/staffvoidmarket', {
        market_id: total.id,
        reason_code: 'abandoned',
        reason: 'match abandoned at half time',
      }),
    );
    expect(voided.status).toBe('void');
    await expect.poll(() => balance(player.id)).toBe(100_00n);
    bets = await betStatuses(player.tab);
    expect(bets.get(overBet)).toMatchObject({
      status: 'void',
      legs: [{ result: 'void', void_reason: 'abandoned' }],
    });
    await expectBooksBalance(server.database);

    // Each decision wrote one audit row with its reason, before and after.
    const rows = await auditRows('sportsbook/staffsettlemarket', x12.id);
    expect(rows.map((row) => row.reason)).toEqual(['feed dropped it', 'result corrected']);
    expect(rows[0]).toMatchObject({
      before: { status: 'open', outcomes: { home: 'open', draw: 'open', away: 'open' } },
      after: { status: 'settled', outcomes: { home: 'won', draw: 'lost', away: 'lost' }, bets: 2 },
    });
    expect(rows[1]).toMatchObject({ before: { outcomes: { home: 'won' } } });
    const voids = await auditRows('sportsbook/staffvoidmarket', total.id);
    expect(voids).toEqual([
      expect.objectContaining({
        reason: 'match abandoned at half time',
        after: expect.objectContaining({ status: 'void', void_reason: 'abandoned' }),
      }),
    ]);
  });

  it('refuses a bet on a market staff decided', async () => {
    feed.match('trade2', { home: 1500, draw: 3500, away: 6000 });
    await ingest.pass(new Date());
    const view = await trading(await eventId('trade2'));
    const x12 = marketOf(view, '1x2');
    data(await settle(x12.id, { home: 'won', draw: 'lost', away: 'lost' }));
    const player = await registeredPlayer(server, { depositMinor: 50_00n });
    const home = x12.outcomes.find((o) => o.key === 'home')!;
    const refused = await post(player.tab, 'sportsbook/place', {
      request_id: randomUUID(),
      kind: 'single',
      selections: `${home.id}@${home.odds}`,
      stake: '5',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await balance(player.id)).toBe(50_00n);
  });

  it('answers bad decisions with field errors and leaves no audit row', async () => {
    feed.match('trade3', { home: 2200, draw: 3200, away: 3300 });
    await ingest.pass(new Date());
    const x12 = marketOf(await trading(await eventId('trade3')), '1x2');
    const cases: [Record<string, string | number>, Record<string, string[]>][] = [
      [
        { market_id: x12.id, results: '{"home":"won"}', reason: 'partial' },
        { results: ['required'] },
      ],
      [
        {
          market_id: x12.id,
          results: '{"home":"won","draw":"lost","away":"lost","nobody":"lost"}',
          reason: 'unknown outcome',
        },
        { results: ['wrong_field'] },
      ],
      [
        { market_id: x12.id, results: '{"home":"maybe"}', reason: 'bad result' },
        { 'results.home': ['wrong_field'] },
      ],
      [
        { market_id: x12.id, results: 'not json', reason: 'not json' },
        { results: ['wrong_field'] },
      ],
      [
        { market_id: 999_999, results: '{"home":"won"}', reason: 'no market' },
        { market_id: ['wrong_field'] },
      ],
      [{ market_id: x12.id, results: '{}', reason: 'x' }, { reason: ['min_length'] }],
    ];
    for (const [params, invalid] of cases) {
      const answer = await post(risk, 'sportsbook/staffsettlemarket', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body.error?.invalid_parameters, JSON.stringify(params)).toEqual(invalid);
    }
    const badVoid = await post(risk, 'sportsbook/staffvoidmarket', {
      market_id: x12.id,
      reason_code: 'bored',
      reason: 'no reason',
    });
    expect(badVoid.body.error?.invalid_parameters).toEqual({ reason_code: ['wrong_field'] });
    expect(await auditRows('sportsbook/staffsettlemarket', x12.id)).toEqual([]);
    expect(marketOf(await trading(await eventId('trade3')), '1x2').status).toBe('open');
  });

  it('is for risk and admins only', async () => {
    for (const role of ['finance', 'support', 'content'] as const) {
      const tab = (await staffTab(server, [role])).tab;
      expect((await get(tab, 'sportsbook/stafflistevents')).status, role).toBe(403);
      const answer = await post(tab, 'sportsbook/staffvoidmarket', {
        market_id: 1,
        reason_code: 'other',
        reason: 'not mine',
      });
      expect(answer.status, role).toBe(403);
    }
    const player = await registeredPlayer(server, { depositMinor: 0n });
    expect((await get(player.tab, 'sportsbook/stafflistevents')).status).toBe(401);
  });
});
