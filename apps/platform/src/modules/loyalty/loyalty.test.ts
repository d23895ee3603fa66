import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { freespinPacksOf } from '../../wallet/index.ts';
import { applyPlayEvents, LOYALTY_CONSUMER, recordDeposit } from '../../loyalty/index.ts';
import { consumeBatch } from '../../play-events/index.ts';
import { get, post, type ApiAnswer } from '../../testing/api.ts';
import { bettor, registeredPlayer } from '../../testing/players.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';

/**
 * Loyalty through its real doors (issue #27): rounds through the seamless wallet feed the points
 * ledger by the loyalty consumer of the play-event stream (woken by NOTIFY), levels and their
 * notifications, programmes, the shop's purchases and refusals, characters and the points
 * history, over `/api`. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let server: TestServer;
let app: AppContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-loyalty-'));
const SLOT = 'loyalty_test_slot';
const TABLE = 'loyalty_test_table';

beforeAll(async () => {
  server = await startTestServer();
  app = {
    database: server.database,
    config: testConfig(folder),
    secret: Buffer.alloc(32),
    now: () => new Date(),
  };
  await server.database.query(sql`
    insert into games (sysname, name, provider_sysname, categories) values
      (${SLOT}, 'Loyalty Slot', 'northstar', '["slots"]'::jsonb),
      (${TABLE}, 'Loyalty Table', 'northstar', '["table", "roulette"]'::jsonb)
    on conflict (sysname) do nothing`);
}, 180_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

type Info = {
  points: number;
  lifetime_points: number;
  level: { level: number; name: string; shop_discount_percent: number };
  next_level: { level: number } | null;
  points_to_next: number;
  progress: number;
  levels: { level: number; points_from: number; cashback_percent: number }[];
  character: { id: number } | null;
};
const dataOf = <T>(answer: ApiAnswer): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: T }).data;
};
const info = async (tab: typeof fetch) => dataOf<Info>(await get(tab, 'loyalty/getinfo'));
const reasonOf = (answer: ApiAnswer) =>
  (answer.body.error?.error_data?.reason ?? JSON.stringify(answer.body)) as string;

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ledgerOf(playerId: number) {
  return server.database.query<{
    kind: string;
    delta: number;
    balance_after: number;
    idempotency_key: string;
  }>(
    sql`select kind, delta, balance_after, idempotency_key from loyalty_points_ledger
        where player_id = ${playerId} order by id`,
  );
}

/** Plays `stakes` (minor units) on `game` as one player and waits until loyalty counted them. */
async function play(playerId: number, game: string, stakes: number[], settled = stakes.length) {
  const table = await bettor(app, playerId, game);
  const bets: string[] = [];
  for (const stake of stakes) {
    const placed = await table.bet(stake);
    expect(placed.status).toBe('RS_OK');
    bets.push(placed.uuid);
  }
  await idle();
  void settled;
  return { table, bets };
}

/** Waits until the loyalty consumer has read every published event. */
async function idle() {
  await until(async () => {
    const [row] = await server.database.query<{ n: number }>(sql`
      select count(*)::int as n from play_events e
      left join play_event_cursors c on c.consumer = ${LOYALTY_CONSUMER}
      where c.consumer is null or (e.tx_id, e.id) > (c.tx_id, c.event_id)`);
    return row!.n === 0;
  });
}

describe('points from play (the loyalty consumer)', () => {
  it('earns at the rate of the game’s category for real-money stakes; wins earn nothing', async () => {
    const player = await registeredPlayer(server);
    // Slots 10 points per €1, table games 2 (loyalty/seeding.ts).
    const { table, bets } = await play(player.id, SLOT, [100, 100, 250]);
    expect((await table.win(500, bets[0]!)).status).toBe('RS_OK');
    await play(player.id, TABLE, [300]);
    const now = await info(player.tab);
    expect(now.points).toBe(10 + 10 + 25 + 6);
    expect(now.lifetime_points).toBe(51);
    const ledger = await ledgerOf(player.id);
    expect(ledger.map((r) => r.delta)).toEqual([10, 10, 25, 6]);
    expect(ledger.map((r) => r.balance_after)).toEqual([10, 20, 45, 51]);
    expect(ledger.every((r) => r.kind === 'earn' && r.idempotency_key.startsWith('play:'))).toBe(
      true,
    );
  });

  it('a rollback takes its stake’s points back, never below zero', async () => {
    const player = await registeredPlayer(server);
    const { table, bets } = await play(player.id, SLOT, [200, 100]);
    expect((await info(player.tab)).points).toBe(30);
    expect((await table.rollback(bets[0]!)).status).toBe('RS_OK');
    await idle();
    const after = await info(player.tab);
    expect(after.points).toBe(10);
    expect(after.lifetime_points).toBe(10);
    expect((await ledgerOf(player.id)).at(-1)).toMatchObject({
      kind: 'rollback',
      delta: -20,
      balance_after: 10,
    });
  });

  it('counts each event exactly once when the batch is replayed, crashes, or two consumers run', async () => {
    const player = await registeredPlayer(server);
    await play(player.id, SLOT, [100, 100]);
    expect((await info(player.tab)).points).toBe(20);
    // Replay: the cursor back at the start of the stream; every event is read again.
    await server.database.query(sql`
      update play_event_cursors set tx_id = '0'::xid8, event_id = 0 where consumer = ${LOYALTY_CONSUMER}`);
    // Two consumers at once (the server's own, woken by NOTIFY, and these two).
    const handled = await Promise.all([
      consumeBatch(server.database, LOYALTY_CONSUMER, applyPlayEvents, 100_000),
      consumeBatch(server.database, LOYALTY_CONSUMER, applyPlayEvents, 100_000),
    ]);
    expect(handled.some((n) => n !== null && n > 0) || handled.includes(null)).toBe(true);
    await idle();
    expect((await info(player.tab)).points).toBe(20);
    expect(await ledgerOf(player.id)).toHaveLength(2);

    // A consumer that dies mid-batch: its points roll back with the batch, and the next read counts them once.
    const other = await registeredPlayer(server);
    const crashing = 'loyalty-crash-test';
    await server.database.query(sql`
      insert into play_event_cursors (consumer, tx_id, event_id)
      select ${crashing}, tx_id, id from play_events order by tx_id desc, id desc limit 1`);
    const { bets } = await play(other.id, SLOT, [100]);
    expect(bets).toHaveLength(1);
    const pointsBefore = (await info(other.tab)).points;
    await expect(
      consumeBatch(server.database, crashing, async (tx, events) => {
        await applyPlayEvents(tx, events);
        throw new Error('killed mid-batch');
      }),
    ).rejects.toThrow('killed mid-batch');
    expect((await info(other.tab)).points).toBe(pointsBefore);
    expect(await consumeBatch(server.database, crashing, applyPlayEvents)).toBe(1);
    // The main consumer had already counted the event: the ledger key refuses a second count.
    expect((await info(other.tab)).points).toBe(10);
    expect(await ledgerOf(other.id)).toHaveLength(1);
  });
});

describe('levels and notifications', () => {
  it('getinfo answers the real level, the progress to the next and the perks', async () => {
    const player = await registeredPlayer(server);
    const fresh = await info(player.tab);
    expect(fresh).toMatchObject({
      points: 0,
      level: { level: 1, name: 'Bronze' },
      next_level: { level: 2 },
      points_to_next: 1000,
      progress: 0,
    });
    expect(fresh.levels.map((l) => [l.level, l.points_from, l.cashback_percent])).toEqual([
      [1, 0, 0],
      [2, 1000, 2],
      [3, 5000, 5],
      [4, 20000, 8],
    ]);
    // €125 on a slot: 1,250 points, Silver, a quarter of the way to Gold.
    await play(player.id, SLOT, [12_500]);
    const silver = await info(player.tab);
    expect(silver).toMatchObject({
      points: 1250,
      level: { level: 2, name: 'Silver', shop_discount_percent: 5 },
      next_level: { level: 3 },
      points_to_next: 3750,
      progress: 6,
    });
  });

  it('notifies register and a new level once; the fetch marks them seen', async () => {
    const player = await registeredPlayer(server);
    await play(player.id, SLOT, [10_000]);
    type N = { items: { trigger: string; type: string; title: string; message: string }[] };
    const first = dataOf<N>(await get(player.tab, 'loyalty/getnotifications'));
    expect(first.items.map((n) => n.trigger)).toEqual(['register', 'level']);
    expect(first.items[1]!.message).toContain('Silver');
    expect(dataOf<N>(await get(player.tab, 'loyalty/getnotifications')).items).toEqual([]);
    // The texts in the request's locale.
    await play(player.id, SLOT, [40_000]);
    const url = '/api/loyalty/getnotifications?v=2.34&locale=es-ES';
    const spanish = (await (
      await player.tab(url, { headers: { 'X-App-Client': 'web/2.34' } })
    ).json()) as {
      data: N;
    };
    expect(spanish.data.items.map((n) => [n.trigger, n.title])).toEqual([['level', 'Nuevo nivel']]);
  });

  it('getlevels answers the level table with its perks to a visitor too', async () => {
    const levels = dataOf<{ items: Info['levels']; total: number }>(
      await get(server.browser(), 'loyalty/getlevels'),
    );
    expect(levels.total).toBe(4);
    expect(levels.items.map((l) => [l.level, l.points_from, l.cashback_percent])).toEqual([
      [1, 0, 0],
      [2, 1000, 2],
      [3, 5000, 5],
      [4, 20000, 8],
    ]);
  });

  it('getnotifications and getinfo need a signed-in player', async () => {
    const visitor = server.browser();
    expect((await get(visitor, 'loyalty/getinfo')).status).toBe(401);
    expect((await get(visitor, 'loyalty/getnotifications')).status).toBe(401);
  });
});

describe('programmes', () => {
  type Program = {
    sysname: string;
    target: number;
    progress: { value: number; completed: boolean; reward_status: string | null } | null;
  };

  it('lists the programmes; a visitor sees no progress; an unknown sysname is a field error', async () => {
    const list = dataOf<{ items: Program[] }>(await get(server.browser(), 'loyalty/getPrograms'));
    expect(list.items.map((p) => p.sysname)).toEqual([
      'slot-week',
      'first-deposit',
      'complete-profile',
    ]);
    expect(list.items.every((p) => p.progress === null)).toBe(true);
    const unknown = await get(server.browser(), 'loyalty/getProgram', { sysname: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.invalid_parameters).toEqual({ sysname: ['wrong_field'] });
  });

  it('"play 50 rounds of any slot this week" completes once and pays its points once', async () => {
    const player = await registeredPlayer(server);
    // 49 slot rounds and table rounds (which do not count): not complete yet.
    await play(
      player.id,
      SLOT,
      Array.from({ length: 49 }, () => 10),
    );
    await play(player.id, TABLE, [10, 10]);
    let program = dataOf<Program>(
      await get(player.tab, 'loyalty/getProgram', { sysname: 'slot-week' }),
    );
    expect(program.progress).toMatchObject({ value: 49, completed: false });
    await play(player.id, SLOT, [10, 10, 10]);
    program = dataOf<Program>(
      await get(player.tab, 'loyalty/getProgram', { sysname: 'slot-week' }),
    );
    expect(program.progress).toMatchObject({ value: 50, completed: true, reward_status: 'paid' });
    const rewards = (await ledgerOf(player.id)).filter((r) => r.kind === 'reward');
    expect(rewards.map((r) => r.delta)).toEqual([250]);
    // 52 slot rounds of €0.10 (1 point each), 2 table rounds (0), the reward.
    expect((await info(player.tab)).points).toBe(52 + 250);
  });

  it('"make a first deposit" pays its points once, and a free-spin reward grants one pack, through the cashier’s signal', async () => {
    // The demo quest pays 200 points; switched to the demo's free spins (SPINS10) it grants a pack.
    const player = await registeredPlayer(server);
    const points = await registeredPlayer(server);
    await server.database.db.transaction((tx) =>
      recordDeposit(tx, new Date(), {
        playerId: points.id,
        paymentId: 909_000_001,
        currency: 'EUR',
      }),
    );
    expect(
      (await ledgerOf(points.id)).filter((r) => r.kind === 'reward').map((r) => r.delta),
    ).toEqual([200]);
    await server.database.query(sql`
      update loyalty_programs set reward_type = 'freespins', reward_points = null,
        reward_template_code = 'SPINS10' where sysname = 'first-deposit'`);
    for (const paymentId of [910_000_001, 910_000_002]) {
      await server.database.db.transaction((tx) =>
        recordDeposit(tx, new Date(), { playerId: player.id, paymentId, currency: 'EUR' }),
      );
    }
    const program = dataOf<Program>(
      await get(player.tab, 'loyalty/getProgram', { sysname: 'first-deposit' }),
    );
    expect(program.progress).toMatchObject({ value: 1, completed: true, reward_status: 'paid' });
    const packs = await freespinPacksOf(server.database.db, player.id);
    expect(packs.filter((p) => p.gameSysname === 'northstar-sunny-lemons-rising')).toHaveLength(1);
    await server.database.query(sql`
      update loyalty_programs set reward_type = 'points', reward_points = 200,
        reward_template_code = null where sysname = 'first-deposit'`);
  });
});

describe('profile trigger', () => {
  it('a profile made complete notifies `profile` once and completes "Complete your profile"', async () => {
    const player = await registeredPlayer(server);
    const save = (extra: Record<string, string>) =>
      post(player.tab, 'account/saveProfileInfo', extra);
    // Still incomplete (no address yet): nothing.
    expect((await save({ home_town: 'Reno' })).status).toBe(200);
    type N = { items: { trigger: string }[] };
    const before = dataOf<N>(await get(player.tab, 'loyalty/getnotifications'));
    expect(before.items.map((n) => n.trigger)).toEqual(['register']);
    expect((await save({ address: '1 Main Street', postcode: '89501' })).status).toBe(200);
    expect((await save({ address: '2 Main Street' })).status).toBe(200);
    const after = dataOf<N>(await get(player.tab, 'loyalty/getnotifications'));
    expect(after.items.map((n) => n.trigger)).toEqual(['profile', 'quest']);
    const rewards = (await ledgerOf(player.id)).filter((r) => r.kind === 'reward');
    expect(rewards.map((r) => r.delta)).toEqual([100]);
  });
});

describe('the shop', () => {
  type Product = {
    id: number;
    sysname: string;
    price: number;
    can_buy: boolean;
    refusal: string | null;
  };
  const productsOf = async (tab: typeof fetch) =>
    dataOf<{ items: Product[] }>(await get(tab, 'loyalty/getproducts')).items;
  const bySysname = async (tab: typeof fetch, sysname: string) =>
    (await productsOf(tab)).find((p) => p.sysname === sysname)!;

  it('a visitor sees the list prices and can buy nothing', async () => {
    const items = await productsOf(server.browser());
    expect(items.map((p) => [p.sysname, p.price, p.can_buy])).toEqual([
      ['spins-sunny-lemons', 500, false],
      ['cash-5-eur', 2000, false],
      ['cash-25-eur', 8000, false],
    ]);
    expect((await post(server.browser(), 'loyalty/buyproduct', { product_id: 1 })).status).toBe(
      401,
    );
  });

  it('refuses: unknown product, not enough points, level too low, not in the player’s currency', async () => {
    const player = await registeredPlayer(server);
    const unknown = await post(player.tab, 'loyalty/buyproduct', { product_id: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.invalid_parameters).toEqual({ product_id: ['wrong_field'] });

    const spins = await bySysname(player.tab, 'spins-sunny-lemons');
    expect(spins.refusal).toBe('insufficient_points');
    const poor = await post(player.tab, 'loyalty/buyproduct', { product_id: spins.id });
    expect(poor.status).toBe(400);
    expect(poor.body.error?.type).toBe('InvalidRequestException');
    expect(reasonOf(poor)).toBe('insufficient_points');
    expect(poor.body.error?.error_data).toMatchObject({ price: 500, points: 0 });

    const cash = await bySysname(player.tab, 'cash-5-eur');
    expect(cash.refusal).toBe('level_too_low');
    expect(reasonOf(await post(player.tab, 'loyalty/buyproduct', { product_id: cash.id }))).toBe(
      'level_too_low',
    );

    const dollars = await registeredPlayer(server, { currency: 'USD' });
    const usdSpins = await bySysname(dollars.tab, 'spins-sunny-lemons');
    expect(usdSpins.refusal).toBe('product_unavailable');
    expect(
      reasonOf(await post(dollars.tab, 'loyalty/buyproduct', { product_id: usdSpins.id })),
    ).toBe('product_unavailable');
    // Nothing moved.
    expect(await ledgerOf(player.id)).toEqual([]);
  });

  it('buys a free-spin pack: points spent with the grant, once per request id', async () => {
    const player = await registeredPlayer(server);
    await play(player.id, SLOT, [6_000]); // 600 points
    const spins = await bySysname(player.tab, 'spins-sunny-lemons');
    expect(spins).toMatchObject({ price: 500, can_buy: true, refusal: null });
    const bought = dataOf<{
      purchase_id: number;
      price: number;
      points: number;
      grant: { type: string; bonus_id: number; amount: string };
    }>(await post(player.tab, 'loyalty/buyproduct', { product_id: spins.id, request_id: 'buy-1' }));
    expect(bought).toMatchObject({
      price: 500,
      points: 100,
      grant: { type: 'freespins', amount: '10' },
    });
    const again = dataOf<typeof bought>(
      await post(player.tab, 'loyalty/buyproduct', { product_id: spins.id, request_id: 'buy-1' }),
    );
    expect(again.purchase_id).toBe(bought.purchase_id);
    expect(again.grant.bonus_id).toBe(bought.grant.bonus_id);
    expect((await info(player.tab)).points).toBe(100);
    const packs = await freespinPacksOf(server.database.db, player.id);
    expect(packs).toHaveLength(1);
    // A second purchase (a new request) needs 500 more points.
    const second = await post(player.tab, 'loyalty/buyproduct', {
      product_id: spins.id,
      request_id: 'buy-2',
    });
    expect(reasonOf(second)).toBe('insufficient_points');
    // The points history: earned, then spent; the product's notification.
    type H = {
      items: { kind: string; delta: number; balance_after: number; title: string | null }[];
      total: number;
    };
    const history = dataOf<H>(await get(player.tab, 'loyalty/gethistory'));
    expect(history.total).toBe(2);
    expect(history.items.map((h) => [h.kind, h.delta, h.balance_after, h.title])).toEqual([
      ['spend', -500, 100, '10 free spins on Sunny Lemons Rising'],
      ['earn', 600, 600, null],
    ]);
    const notes = dataOf<{ items: { trigger: string; type: string; amount: string | null }[] }>(
      await get(player.tab, 'loyalty/getnotifications'),
    );
    expect(notes.items.find((n) => n.trigger === 'product')).toMatchObject({
      type: 'credit',
      amount: '10',
    });
  });

  it('two purchases at once with one request id spend the points once', async () => {
    const player = await registeredPlayer(server);
    await play(player.id, SLOT, [10_000]); // 1,000 points: Silver, 5 % off
    const spins = await bySysname(player.tab, 'spins-sunny-lemons');
    expect(spins.price).toBe(475);
    const answers = await Promise.all(
      [1, 2].map(() =>
        post(player.tab, 'loyalty/buyproduct', { product_id: spins.id, request_id: 'same' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await info(player.tab)).points).toBe(525);
    expect(await freespinPacksOf(server.database.db, player.id)).toHaveLength(1);
  });
});

describe('characters', () => {
  it('setcharacter picks a character getinfo then answers; an unknown id is a field error', async () => {
    const player = await registeredPlayer(server);
    const list = dataOf<{ items: { id: number; sysname: string }[] }>(
      await get(player.tab, 'loyalty/getcharacters'),
    );
    const comet = list.items.find((c) => c.sysname === 'comet')!;
    expect(dataOf<number>(await post(player.tab, 'loyalty/setcharacter', { id: comet.id }))).toBe(
      1,
    );
    expect((await info(player.tab)).character?.id).toBe(comet.id);
    const unknown = await post(player.tab, 'loyalty/setcharacter', { id: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.invalid_parameters).toEqual({ id: ['wrong_field'] });
    expect((await post(server.browser(), 'loyalty/setcharacter', { id: comet.id })).status).toBe(
      401,
    );
  });
});
