import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPlayLimit, setSelfExclusion } from '../../responsible/index.ts';
import { get, post, type ApiAnswer } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { registeredPlayer } from '../../testing/players.ts';
import { ScriptedFeed } from '../../testing/sportsbook.ts';
import { sseReader } from '../../testing/sse.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import type { AppContext } from '../../context.ts';
import { OddsHub, placeBet, settleDue, type FeedIngest } from '../../sportsbook/index.ts';

/**
 * The sportsbook through its real doors (issue #29): a scripted feed behind the feed provider
 * interface, the real ingest, `/api/sportsbook/*` (placement with each refusal, bets, cash-out,
 * settings), settlement and resettlement through the ledger, and the odds stream over
 * Server-Sent Events on a second instance of the platform on the same database (the change was
 * ingested by the first). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let a: TestServer;
let b: TestServer;
const feed = new ScriptedFeed();
let ingest: FeedIngest;

beforeAll(async () => {
  a = await startTestServer({ feed });
  b = await startTestServer({ feed: new ScriptedFeed(), database: a.database });
  ingest = a.app.sportsbook!.ingest!;
}, 300_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});
beforeEach(async () => {
  await a.database.query(sql`delete from rate_limits`);
});

const pass = () => ingest.pass(new Date());

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const data = <T>(answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
};
const reason = (answer: ApiAnswer) => answer.body.error?.error_data?.reason;

interface Outcome {
  id: number;
  key: string;
  odds: string | null;
  status: string;
}
interface Market {
  id: number;
  kind: string;
  line: string | null;
  status: string;
  outcomes: Outcome[];
}
interface EventView {
  id: number;
  home: string;
  status: string;
  markets: Market[];
}
interface BetView {
  id: string;
  status: string;
  kind: string;
  stake: { amount: string };
  total_stake: { amount: string };
  potential_return: { amount: string };
  return: { amount: string } | null;
  cash_out: { amount: string } | null;
  cash_out_reason: string | null;
  cashed_out: { amount: string };
  legs: { odds: string; result: string; void_reason: string | null }[];
}

async function eventOf(ref: string): Promise<EventView> {
  const [row] = await a.database.query<{ id: number }>(
    sql`select id from sb_events where feed_ref = ${`scripted:${ref}`}`,
  );
  return data<{ event: EventView }>(await get(a.browser(), 'sportsbook/getEvent', { id: row!.id }))
    .event;
}

const outcome = (event: EventView, market: string, key: string) =>
  event.markets
    .find((m) => (m.line ? `${m.kind}:${m.line}` : m.kind) === market)!
    .outcomes.find((o) => o.key === key)!;

async function balance(id: number): Promise<bigint> {
  const [row] = await a.database.query<{ balance_minor: string }>(
    sql`select balance_minor from wallets where player_id = ${id} and kind = 'main' and currency = 'EUR'`,
  );
  return BigInt(row?.balance_minor ?? 0);
}

function place(
  tab: typeof fetch,
  kind: string,
  selections: { outcome_id: number; odds: string | null }[],
  stake: string,
  extra: Record<string, string> = {},
) {
  return post(tab, 'sportsbook/place', {
    request_id: extra.request_id ?? randomUUID(),
    kind,
    selections: selections.map((s) => `${s.outcome_id}@${s.odds}`).join(','),
    stake,
    ...extra,
  });
}

describe('the book', () => {
  it('ingests the feed, writes only what changed, and lists events with their main market', async () => {
    feed.match('book1', { home: 2100, draw: 3300, away: 3500 });
    const first = await pass();
    expect(first).toMatchObject({ ingested: true });
    expect(first.changed).toBeGreaterThanOrEqual(1);
    // The same state again: nothing written.
    expect(await pass()).toEqual({ ingested: true, changed: 0 });
    feed.setOdds('book1', '1x2', 'home', 2050);
    expect(await pass()).toEqual({ ingested: true, changed: 1 });
    const [change] = await a.database.query<{
      payload: { outcomes: { odds: number }[]; event?: unknown };
    }>(sql`select payload from sb_changes order by seq desc limit 1`);
    // Changes only: the one outcome, not the event's fields.
    expect(change!.payload.outcomes).toEqual([
      expect.objectContaining({ key: 'home', odds: 2050 }),
    ]);
    expect(change!.payload.event).toBeUndefined();

    const list = data<{ items: EventView[]; seq: string }>(
      await get(a.browser(), 'sportsbook/getEvents', { when: 'upcoming', sport: 'football' }),
    );
    const row = list.items.find((event) => event.home === 'book1 Home')!;
    expect(row.markets).toHaveLength(1);
    expect(row.markets[0]!.outcomes.map((o) => o.odds)).toEqual(['2.05', '3.30', '3.50']);
    expect(Number(list.seq)).toBeGreaterThan(0);
    const event = await eventOf('book1');
    expect(event.markets.map((m) => m.kind)).toEqual(['1x2', 'total']);
    const sports = data<{ sport: string; upcoming: number }[]>(
      await get(a.browser(), 'sportsbook/getSports'),
    );
    expect(sports.find((s) => s.sport === 'football')!.upcoming).toBeGreaterThan(0);
    // A malformed filter is a field error, not a 500.
    const bad = await get(a.browser(), 'sportsbook/getEvents', { sport: 'curling' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.invalid_parameters).toHaveProperty('sport');
  });

  it('compares with the tables again when another instance has ingested meanwhile', async () => {
    const other = new ScriptedFeed();
    other.events.set('scripted:book1', structuredClone(feed.event('book1')));
    other.setOdds('book1', '1x2', 'away', 3700);
    const { FeedIngest: Ingest } = await import('../../sportsbook/index.ts');
    const second = new Ingest(other, a.database.db);
    expect((await second.pass(new Date())).changed).toBe(1);
    // This instance's feed says 3.50 again: it must be written back, though it wrote 3.50 last.
    expect((await pass()).changed).toBe(1);
    expect(outcome(await eventOf('book1'), '1x2', 'away').odds).toBe('3.50');
  });
});

describe('placing bets', () => {
  it('takes a single at the odds shown, once per request id, and refuses each bad slip with its reason', async () => {
    feed.match('place1', { home: 1800, draw: 3400, away: 4200 });
    feed.match('place2', { home: 2500, draw: 3100, away: 2800 });
    await pass();
    const player = await registeredPlayer(a, { depositMinor: 100_00n });
    const e1 = await eventOf('place1');
    const e2 = await eventOf('place2');
    const home1 = outcome(e1, '1x2', 'home');
    const request = randomUUID();
    const bet = data<BetView>(
      await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.80' }], '10', {
        request_id: request,
      }),
    );
    expect(bet).toMatchObject({ status: 'open', kind: 'single', total_stake: { amount: '10.00' } });
    expect(bet.potential_return.amount).toBe('18.00');
    expect(await balance(player.id)).toBe(90_00n);
    // The same request again: the same bet, nothing more staked.
    const again = data<BetView>(
      await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.80' }], '10', {
        request_id: request,
      }),
    );
    expect(again.id).toBe(bet.id);
    expect(await balance(player.id)).toBe(90_00n);
    expect(
      reason(
        await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.80' }], '11', {
          request_id: request,
        }),
      ),
    ).toBe('idempotency_key_reused');

    // Odds moved: refused with old and new under "none" (the default), taken under "higher".
    feed.setOdds('place1', '1x2', 'home', 1900);
    await pass();
    const moved = await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.80' }], '5');
    expect(reason(moved)).toBe('odds_changed');
    expect(moved.body.error!.error_data!.changes).toEqual([
      { outcome_id: home1.id, shown: '1.80', now: '1.90' },
    ]);
    const higher = data<BetView>(
      await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.80' }], '5', {
        odds_change: 'higher',
      }),
    );
    expect(higher.legs[0]!.odds).toBe('1.90');
    feed.setOdds('place1', '1x2', 'home', 1700);
    await pass();
    expect(
      reason(
        await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.90' }], '5', {
          odds_change: 'higher',
        }),
      ),
    ).toBe('odds_changed');
    // The player's own setting is kept and used.
    data(await post(player.tab, 'sportsbook/setSettings', { odds_change: 'any' }));
    expect(data(await get(player.tab, 'sportsbook/getSettings'))).toEqual({ odds_change: 'any' });
    data(await place(player.tab, 'single', [{ outcome_id: home1.id, odds: '1.90' }], '1'));

    // Suspended, same event, stakes and payout, shapes.
    feed.suspend('place2');
    await pass();
    const away2 = outcome(e2, '1x2', 'away');
    const suspended = await place(
      player.tab,
      'single',
      [{ outcome_id: away2.id, odds: '2.80' }],
      '1',
    );
    expect(reason(suspended)).toBe('selection_suspended');
    expect(suspended.body.error!.error_data!.outcome_ids).toEqual([away2.id]);
    feed.suspend('place2', false);
    await pass();
    const over1 = outcome(e1, 'total:2.5', 'over');
    expect(
      reason(
        await place(
          player.tab,
          'accumulator',
          [
            { outcome_id: home1.id, odds: '1.70' },
            { outcome_id: over1.id, odds: '1.90' },
          ],
          '1',
        ),
      ),
    ).toBe('same_event');
    expect(
      reason(await place(player.tab, 'single', [{ outcome_id: away2.id, odds: '2.80' }], '0.05')),
    ).toBe('stake_too_low');
    expect(
      reason(await place(player.tab, 'single', [{ outcome_id: away2.id, odds: '2.80' }], '5001')),
    ).toBe('stake_too_high');
    const shape = await place(player.tab, 'trixie', [{ outcome_id: away2.id, odds: '2.80' }], '1');
    expect(shape.status).toBe(400);
    expect(shape.body.error!.invalid_parameters).toHaveProperty('selections');
    const broke = await place(
      player.tab,
      'single',
      [{ outcome_id: away2.id, odds: '2.80' }],
      '500',
    );
    expect(broke.body.error!.type).toBe('BillingTransactionDeclinedException');
    // Malformed selections: a field error on `selections`, never a 500.
    const malformed = await post(player.tab, 'sportsbook/place', {
      request_id: randomUUID(),
      kind: 'single',
      selections: 'x@1.50',
      stake: '1',
    });
    expect(malformed.status).toBe(400);
    const fields = Object.keys(malformed.body.error!.invalid_parameters ?? {});
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((field) => field.startsWith('selections'))).toBe(true);
    // A visitor cannot bet.
    expect(
      (await place(a.browser(), 'single', [{ outcome_id: away2.id, odds: '2.80' }], '1')).status,
    ).toBe(401);

    // Self-excluded: refused on the server whatever the page does. The API ends the session;
    // the placement itself refuses too (a session that outlived the check, a bypassed page).
    await a.database.db.transaction((tx) => setSelfExclusion(tx, player.id, '6m', new Date()));
    const api = await place(player.tab, 'single', [{ outcome_id: away2.id, odds: '2.80' }], '1');
    expect(api.status === 401 || reason(api) === 'self_excluded').toBe(true);
    const direct = await a.database.db
      .transaction((tx) =>
        placeBet(tx, new Date(), {
          playerId: player.id,
          currency: 'EUR',
          decimals: 2,
          requestId: randomUUID(),
          kind: 'single',
          legs: [{ outcomeId: away2.id, odds: 2800 }],
          stakeMinor: 100n,
          freeBetId: null,
          oddsChange: null,
        }),
      )
      .then(
        () => null,
        (error: { errorData?: { reason?: string } }) => error.errorData?.reason,
      );
    expect(direct).toBe('self_excluded');
    await expectBooksBalance(a.database);
  });
});

describe('player protection', () => {
  it('refuses a stake above what the loss limit leaves, on the server, and the limit shows the sports loss', async () => {
    feed.match('limit1', { home: 2000, draw: 3400, away: 3600 });
    await pass();
    const player = await registeredPlayer(a, { depositMinor: 100_00n });
    await a.database.db.transaction((tx) =>
      setPlayLimit(
        tx,
        { playerId: player.id, kind: 'loss', periodDays: 1, currency: 'EUR', amount: 20_00n },
        new Date(),
      ),
    );
    const home = outcome(await eventOf('limit1'), '1x2', 'home');
    expect(
      data<BetView>(
        await place(player.tab, 'single', [{ outcome_id: home.id, odds: '2.00' }], '15'),
      ).status,
    ).toBe('open');
    const over = await place(player.tab, 'single', [{ outcome_id: home.id, odds: '2.00' }], '5.01');
    expect(over.status).toBe(400);
    expect(over.body.error?.error_data).toMatchObject({
      reason: 'loss_limit',
      available_minor: '500',
    });
    expect(await balance(player.id)).toBe(85_00n);
    // What is left can be staked; then nothing more, and the limits page says so.
    expect(
      (await place(player.tab, 'single', [{ outcome_id: home.id, odds: '2.00' }], '5')).status,
    ).toBe(200);
    expect(
      reason(await place(player.tab, 'single', [{ outcome_id: home.id, odds: '2.00' }], '0.10')),
    ).toBe('loss_limit');
    const limits = data<{ loss: { available_amount: string }[] }>(
      await get(player.tab, 'account/getPlayLimits'),
    );
    expect(limits.loss[0]?.available_amount).toBe('0.00');
    // The history's period (UTC days, `to` included): today has both bets, tomorrow none.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const bets = (params: Record<string, string>) => get(player.tab, 'sportsbook/getBets', params);
    expect(data<{ total: number }>(await bets({ from: today, to: today })).total).toBe(2);
    expect(data<{ total: number }>(await bets({ from: tomorrow })).total).toBe(0);
    const notADay = await bets({ from: '2026-02-30' });
    expect(notADay.status).toBe(400);
    expect(notADay.body.error?.invalid_parameters).toEqual({ from: ['date'] });
    await expectBooksBalance(a.database);
  });
});

describe('settling, resettling and cashing out', () => {
  it('pays an accumulator once, settles a corrected result again through the ledger, and voids a cancelled match', async () => {
    feed.match('settle1', { home: 2000, draw: 3300, away: 3600 });
    feed.match('settle2', { home: 1500, draw: 4000, away: 6000 });
    feed.match('settle3', { home: 2200, draw: 3200, away: 3100 });
    await pass();
    const player = await registeredPlayer(a, { depositMinor: 100_00n });
    const h1 = outcome(await eventOf('settle1'), '1x2', 'home');
    const h2 = outcome(await eventOf('settle2'), '1x2', 'home');
    const d3 = outcome(await eventOf('settle3'), '1x2', 'draw');
    const acca = data<BetView>(
      await place(
        player.tab,
        'accumulator',
        [
          { outcome_id: h1.id, odds: '2.00' },
          { outcome_id: h2.id, odds: '1.50' },
        ],
        '10',
      ),
    );
    const single = data<BetView>(
      await place(player.tab, 'single', [{ outcome_id: d3.id, odds: '3.20' }], '5'),
    );
    expect(await balance(player.id)).toBe(85_00n);
    feed.finish('settle1', 2, 0);
    await pass();
    await settleDue(a.database.db, new Date());
    // One leg decided: the bet stays open.
    let bets = data<{ items: BetView[] }>(
      await get(player.tab, 'sportsbook/getBets', { status: 'all' }),
    );
    expect(bets.items.find((bet) => bet.id === acca.id)!.status).toBe('open');
    feed.finish('settle2', 1, 0);
    feed.cancel('settle3');
    await pass();
    // Every instance's settlement is woken by the ingest's NOTIFY; this pass helps, and the
    // bets are claimed one at a time whoever comes first.
    await settleDue(a.database.db, new Date());
    // 10 × 2.00 × 1.50 = 30, and the void single's 5 back.
    await until(async () => (await balance(player.id)) === 85_00n + 30_00n + 5_00n);
    // Settling again moves nothing.
    expect(await settleDue(a.database.db, new Date())).toEqual([]);
    bets = data(await get(player.tab, 'sportsbook/getBets', { status: 'settled' }));
    const voided = bets.items.find((bet) => bet.id === single.id)!;
    expect(voided.legs[0]).toMatchObject({ result: 'void', void_reason: 'event_cancelled' });
    expect(voided.return!.amount).toBe('5.00');

    // A corrected result: settle2 was a draw. The accumulator lost: 30 taken back, as a new row.
    feed.finish('settle2', 1, 1);
    await pass();
    await settleDue(a.database.db, new Date());
    await until(async () => (await balance(player.id)) === 90_00n);
    const [resettled] = await a.database.query<{ status: string; settlements: number }>(
      sql`select status, settlements from sb_bets where id = ${acca.id}::bigint`,
    );
    expect(resettled).toEqual({ status: 'lost', settlements: 2 });
    const rows = await a.database.query<{ idempotency_key: string; amount_minor: string }>(
      sql`select idempotency_key, amount_minor::text from ledger_entries
          where idempotency_key like ${`sb:${acca.id}:%`} order by id`,
    );
    expect(rows.map((row) => [row.idempotency_key, row.amount_minor])).toEqual([
      [`sb:${acca.id}:stake`, '-1000'],
      [`sb:${acca.id}:settle:1`, '3000'],
      [`sb:${acca.id}:settle:2`, '-3000'],
    ]);
    await expectBooksBalance(a.database);
  });

  it('cashes out in part and in full at the quoted value, and refuses while suspended or re-quoted', async () => {
    feed.match('cash1', { home: 2000, draw: 3300, away: 3600 });
    await pass();
    const player = await registeredPlayer(a, { depositMinor: 50_00n });
    const h = outcome(await eventOf('cash1'), '1x2', 'home');
    const bet = data<BetView>(
      await place(player.tab, 'single', [{ outcome_id: h.id, odds: '2.00' }], '10'),
    );
    // The odds shorten to 1.60: the bet is worth 10 × 2.00 / 1.60 less 5 % = 11.87.
    feed.setOdds('cash1', '1x2', 'home', 1600);
    await pass();
    let view = data<{ items: BetView[] }>(
      await get(player.tab, 'sportsbook/getBets', { ids: bet.id }),
    ).items[0]!;
    expect(view.cash_out!.amount).toBe('11.87');
    // A stale quote is re-quoted with the new value.
    const stale = await post(player.tab, 'sportsbook/cashout', {
      bet_id: bet.id,
      request_id: randomUUID(),
      quote: '12.00',
    });
    expect(reason(stale)).toBe('cash_out_requoted');
    expect(stale.body.error!.error_data!.value_minor).toBe('1187');
    // Part of it: 5.00 out, the stake left in proportion (10 × 6.87 / 11.87 = 5.78).
    const request = randomUUID();
    view = data<BetView>(
      await post(player.tab, 'sportsbook/cashout', {
        bet_id: bet.id,
        request_id: request,
        quote: '11.87',
        amount: '5',
      }),
    );
    expect(view).toMatchObject({
      status: 'open',
      stake: { amount: '5.78' },
      cashed_out: { amount: '5.00' },
    });
    expect(await balance(player.id)).toBe(45_00n);
    // The same request again moves nothing.
    data(
      await post(player.tab, 'sportsbook/cashout', {
        bet_id: bet.id,
        request_id: request,
        quote: '11.87',
        amount: '5',
      }),
    );
    expect(await balance(player.id)).toBe(45_00n);
    // Suspended: no cash-out.
    feed.suspend('cash1');
    await pass();
    view = data<{ items: BetView[] }>(await get(player.tab, 'sportsbook/getBets', { ids: bet.id }))
      .items[0]!;
    expect(view).toMatchObject({ cash_out: null, cash_out_reason: 'suspended' });
    const refused = await post(player.tab, 'sportsbook/cashout', {
      bet_id: bet.id,
      request_id: randomUUID(),
      quote: '6.86',
    });
    expect(reason(refused)).toBe('cash_out_unavailable');
    feed.suspend('cash1', false);
    await pass();
    view = data<{ items: BetView[] }>(await get(player.tab, 'sportsbook/getBets', { ids: bet.id }))
      .items[0]!;
    const value = view.cash_out!.amount;
    view = data<BetView>(
      await post(player.tab, 'sportsbook/cashout', {
        bet_id: bet.id,
        request_id: randomUUID(),
        quote: value,
      }),
    );
    expect(view.status).toBe('cashed-out');
    // The match ends: a cashed-out bet is not paid again.
    feed.finish('cash1', 1, 0);
    await pass();
    await settleDue(a.database.db, new Date());
    await until(async () => {
      const [row] = await a.database.query<{ settled: boolean }>(
        sql`select bool_and(result <> 'pending') as settled from sb_bet_legs where bet_id = ${bet.id}::bigint`,
      );
      return row!.settled;
    });
    expect(await balance(player.id)).toBe(45_00n + BigInt(Math.round(Number(value) * 100)));
    await expectBooksBalance(a.database);
  });
});

/** Reads Server-Sent Events from a streaming fetch. */
async function openStream(base: string, query: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/platform/sportsbook/stream${query}`, {
    signal: controller.signal,
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const { next } = sseReader<unknown>(response);
  return {
    next,
    close: () => controller.abort(),
  };
}

describe('the odds stream (Server-Sent Events, two instances)', () => {
  it('sends an event’s changes ingested on one instance to watchers on the other, and resumes by Last-Event-ID', async () => {
    feed.match('live1', { home: 2000, draw: 3300, away: 3600 });
    feed.match('live2', { home: 2000, draw: 3300, away: 3600 });
    await pass();
    const e1 = await eventOf('live1');
    const e2 = await eventOf('live2');
    const one = await openStream(b.url, `?event=${e1.id}`);
    const all = await openStream(b.url, '');
    feed.setOdds('live1', '1x2', 'draw', 3400);
    feed.setOdds('live2', '1x2', 'draw', 3500);
    await pass();
    const mine = await one.next();
    expect(mine!.event).toBe('changes');
    const changes = mine!.data as { event_id: number; outcomes: { key: string; odds: number }[] }[];
    // Only the watched event, only what changed.
    expect(changes).toEqual([
      expect.objectContaining({
        event_id: e1.id,
        outcomes: [expect.objectContaining({ key: 'draw', odds: 3400 })],
      }),
    ]);
    const everything = await all.next();
    expect(
      (everything!.data as { event_id: number }[]).map((c) => c.event_id).sort((x, y) => x - y),
    ).toEqual([e1.id, e2.id].sort((x, y) => x - y));
    one.close();
    all.close();
    // Missed changes come first on a reconnect; a client at the latest gets nothing old.
    feed.setOdds('live1', '1x2', 'draw', 3600);
    await pass();
    const resumed = await openStream(b.url, `?event=${e1.id}`, mine!.id!);
    const caught = await resumed.next();
    expect((caught!.data as { outcomes: { odds: number }[] }[])[0]!.outcomes[0]!.odds).toBe(3600);
    expect(await resumed.next(800)).toBeNull();
    resumed.close();
    // A malformed filter is refused, not widened to everything.
    expect((await fetch(`${b.url}/platform/sportsbook/stream?event=abc`)).status).toBe(400);
  });

  it('catches a watcher up from its memory, from the change log further back, or says reset', async () => {
    feed.match('hub1', { home: 2000, draw: 3300, away: 3600 });
    await pass();
    const e1 = await eventOf('hub1');
    const [before] = await a.database.query<{ seq: string }>(
      sql`select max(seq)::text as seq from sb_changes`,
    );
    // A hub that starts now knows nothing older than this moment.
    const context: AppContext = {
      database: a.database,
      config: testConfig(tmpdir()),
      secret: Buffer.alloc(32, 1),
      now: () => new Date(),
    };
    const hub = new OddsHub(context);
    await hub.start();
    feed.setOdds('hub1', '1x2', 'draw', 3700);
    await pass();
    hub.read();
    await hub.settled();
    const watch = {
      events: new Set([e1.id]),
      competitions: new Set<number>(),
      sports: new Set<string>(),
      all: false,
    };
    const join = async (after: bigint) => {
      const got: { event: string; id: string | null; data: string }[] = [];
      await hub.subscribe({ watch, after, send: (message) => got.push(message) }, after);
      return got;
    };
    // Behind by the change read since the start: from the hub's memory.
    const fromMemory = await join(BigInt(before!.seq));
    expect(fromMemory.map((m) => m.event)).toEqual(['changes']);
    expect(fromMemory[0]!.data).toContain('3700');
    // Further back than the hub's start: from the change log, the event's creation and the move.
    const fromLog = await join(BigInt(before!.seq) - 1n);
    expect(fromLog.map((m) => m.event)).toEqual(['changes']);
    const logged = JSON.parse(fromLog[0]!.data) as { event_id: number }[];
    expect(logged.map((change) => change.event_id)).toEqual([e1.id, e1.id]);
    expect(fromLog[0]!.data).toContain('3700');
    // Older than the log keeps: read the book again.
    await a.database.query(sql`delete from sb_changes where seq <= ${before!.seq}::bigint`);
    expect((await join(BigInt(before!.seq) - 1n)).map((m) => m.event)).toEqual(['reset']);
    await hub.stop();
  });
});
