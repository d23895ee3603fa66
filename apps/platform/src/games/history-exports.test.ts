import os from 'node:os';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { get, post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { startTestServer, testConfig, type TestServer } from '../testing/test-server.ts';
import { applyMovement } from '../wallet/ledger.ts';
import { runExports } from './history-exports.ts';

/**
 * Issue #25: games/getHistory's filters and balance after, the exports' period rule, CSV and
 * XLSX files that only their owner can fetch, and the export job run by two platform instances
 * at once (two workers on one database: on PostgreSQL, a pool of real connections).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 240_000);
afterAll(() => server.close());

let registered = 0;
async function newPlayer() {
  registered += 1;
  const tab = server.browser();
  const email = `history-${registered}-${Date.now()}@example.com`;
  const answer = await post(tab, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: 'Secret-123',
    currency: 'EUR',
    terms: '1',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [row] = await server.database.query<{ id: number }>(
    sql`select id from players where login = ${email} or id = (
          select player_id from contacts where contact = ${email} limit 1)`,
  );
  // Money to play with, through the ledger (a test deposit).
  await applyMovement(server.database.db, {
    playerId: row!.id,
    kind: 'main',
    currency: 'EUR',
    amountMinor: 100000n,
    reason: 'test_deposit',
    idempotencyKey: `history-test-${row!.id}`,
  });
  return { tab, id: row!.id };
}

/** Plays one round of the site's dice game through the seamless wallet, as a browser would. */
async function playDice(tab: typeof fetch, stake: number) {
  const launched = await tab('/platform/game/northstar-hi-lo-dice/play?mode=real');
  const target = new URL(launched.headers.get('location')!, server.url);
  const token = target.searchParams.get('token')!;
  const send = () =>
    fetch(new URL('/originals/api/play', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token,
        game: 'northstar-hi-lo-dice',
        currency: 'EUR',
        bet: { stake, direction: 'under', target: 5000 },
      }),
    });
  let played = await send();
  // The game server paces a player's rounds: wait as it says, then play.
  for (let i = 0; i < 5 && played.status === 429; i++) {
    const { retryAfterMs } = (await played.json()) as { retryAfterMs: number };
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 50));
    played = await send();
  }
  const text = await played.clone().text();
  expect(played.status, text).toBe(200);
  return (await played.json()) as { round: string; view: { win: number } };
}

type History = {
  total: number;
  items: { round: string; stake: string; win: string; balance_after: string | null }[];
};

async function waitReady(tab: typeof fetch, id: number) {
  for (let i = 0; i < 200; i++) {
    const listed = (await get(tab, 'games/gethistoryexportrequest')).body.data as {
      items: { id: number; status: string; url: string | null; xlsx_url: string | null }[];
    };
    const found = listed.items.find((item) => item.id === id);
    if (found?.status === 'ready') return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export ${id} never became ready`);
}

describe('games/getHistory (issue #25)', () => {
  it('gives each round the balance after it, and filters by period, product and unfinished', async () => {
    const { tab } = await newPlayer();
    const first = await playDice(tab, 500);
    const second = await playDice(tab, 100);
    const history = (await get(tab, 'games/getHistory', { count: 10 })).body.data as History;
    expect(history.items.map((item) => item.round)).toEqual([second.round, first.round]);
    const afterFirst = 1000 - 5 + first.view.win / 100;
    expect(history.items[1]?.balance_after).toBe(afterFirst.toFixed(2));
    expect(history.items[0]?.balance_after).toBe(
      (afterFirst - 1 + second.view.win / 100).toFixed(2),
    );

    const today = new Date().toISOString().slice(0, 10);
    const inPeriod = (await get(tab, 'games/getHistory', { from: today, to: today })).body
      .data as History;
    expect(inPeriod.total).toBe(2);
    const before = (await get(tab, 'games/getHistory', { from: '2020-01-01', to: '2020-12-31' }))
      .body.data as History;
    expect(before.total).toBe(0);
    const casino = (await get(tab, 'games/getHistory', { product: 'casino' })).body.data as History;
    expect(casino.total).toBe(2);
    const sport = (await get(tab, 'games/getHistory', { product: 'sport' })).body.data as History;
    expect(sport.total).toBe(0);
    const open = (await get(tab, 'games/getHistory', { status: 'open' })).body.data as History;
    expect(open.total).toBe(0);
    const bad = await get(tab, 'games/getHistory', { from: '2026-02-30' });
    expect(bad.body.error?.invalid_parameters).toEqual({ from: ['date'] });
  });
});

describe('history exports (issue #25)', () => {
  it('makes CSV and XLSX of the period whose rows match games/getHistory, for the owner only', async () => {
    const { tab } = await newPlayer();
    await playDice(tab, 500);
    await playDice(tab, 100);
    const today = new Date().toISOString().slice(0, 10);
    const created = await post(tab, 'games/createhistoryexportrequest', { from: today, to: today });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const request = created.body.data as { id: number; from: string; to: string };
    expect(request).toMatchObject({ from: today, to: today });
    const ready = await waitReady(tab, request.id);
    const history = (await get(tab, 'games/getHistory', { count: 100 })).body.data as History;

    const csv = await tab(ready.url!);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(history.total + 1);
    history.items.forEach((item, index) => {
      const cells = lines[index + 1]!.split(',');
      expect(cells[0]).toBe(item.round);
      expect(cells[4]).toBe(item.stake);
      expect(cells[5]).toBe(item.win);
      expect(cells[6]).toBe(item.balance_after ?? '');
    });

    const xlsx = await tab(ready.xlsx_url!);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(history.total + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe(history.items[0]!.round);

    // Another player's file, and a visitor's try: as if there were none.
    const other = await newPlayer();
    expect((await other.tab(ready.url!)).status).toBe(404);
    expect((await other.tab(ready.xlsx_url!)).status).toBe(404);
    expect((await server.browser()(ready.url!)).status).toBe(404);
  });

  it('refuses a period over a year with a clear field error, and one that ends before it starts', async () => {
    const { tab } = await newPlayer();
    const long = await post(tab, 'games/createhistoryexportrequest', {
      from: '2025-01-01',
      to: '2026-01-02',
    });
    expect(long.status).toBe(400);
    expect(long.body.error?.invalid_parameters).toEqual({ to: ['export_period_too_long'] });
    const year = await post(tab, 'games/createhistoryexportrequest', {
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(year.status).toBe(200);
    const backwards = await post(tab, 'games/createhistoryexportrequest', {
      from: '2025-02-01',
      to: '2025-01-01',
    });
    expect(backwards.body.error?.invalid_parameters).toEqual({ to: ['min_value'] });
  });

  it('two instances working at once each take different exports, and every one is made once', async () => {
    const players = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    await playDice(players[0]!.tab, 100);
    const ids: number[] = [];
    for (const player of players) {
      for (let i = 0; i < 4; i++) {
        const [row] = await server.database.query<{ id: number }>(sql`
          insert into game_history_exports (player_id, period_from, period_to)
          values (${player.id}, now() - interval '1 day', now() + interval '1 day')
          returning id`);
        ids.push(row!.id);
      }
    }
    const instance = (): AppContext => ({
      database: server.database,
      config: testConfig(os.tmpdir()),
      secret: Buffer.alloc(32),
      now: () => new Date(),
    });
    const [a, b] = await Promise.all([runExports(instance()), runExports(instance())]);
    const mine = (list: number[]) => list.filter((id) => ids.includes(id));
    const both = [...mine(a), ...mine(b)];
    // Each export once, by one of them (the server's own worker may also have taken some).
    expect(new Set(both).size).toBe(both.length);
    // The server's own worker may still be finishing one it took: wait for it.
    let rows: { id: number; status: string }[] = [];
    for (let i = 0; i < 100; i++) {
      rows = await server.database.query<{ id: number; status: string }>(sql`
        select id, status from game_history_exports where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      if (rows.every((row) => row.status === 'ready' || row.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'ready'));
  });
});
