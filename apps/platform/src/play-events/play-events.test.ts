import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { openDatabase, type DatabaseHandle, type Transaction } from '../db/client.ts';
import { bettor, registeredPlayer } from '../testing/players.ts';
import { startTestServer, testConfig, type TestServer } from '../testing/test-server.ts';
import { listenTo } from '../shared-store/index.ts';
import {
  ANNOUNCE_COALESCE_MS,
  announcePlayEvents,
  consumeBatch,
  heldBack,
  publishPlayEvent,
  startConsumer,
  type PlayEvent,
  type PlayEventInput,
} from './index.ts';

/**
 * The play-event stream (issue #27): the seamless wallet publishes each movement once in its
 * money's transaction; consumers read with their own cursor, replay from the start, resume after
 * a crash mid-batch without counting twice, and share the work across two instances. On PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL (where the instances are two connection pools and a
 * consumer's connection is really killed mid-batch).
 */

let server: TestServer;
let app: AppContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-play-events-'));
const SLOT = 'play_events_test_slot';
// Set and not empty: tools/test.ts runs the PGlite pass with TEST_DATABASE_URL='' (CI sets it).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
      (${SLOT}, 'Play Events Slot', 'northstar', '["slots"]'::jsonb)
    on conflict (sysname) do nothing`);
  // What the test consumers count: one row per event handled (no key, so a double shows).
  await server.database.query(sql`create table counted (consumer text, event_id bigint)`);
}, 300_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

let refs = 0;
function event(overrides: Partial<PlayEventInput> = {}): PlayEventInput {
  return {
    ref: `test:${process.pid}:${++refs}`,
    kind: 'bet',
    playerId: 1,
    currency: 'EUR',
    providerId: 'northstar',
    gameCode: SLOT,
    round: `r${refs}`,
    amountMinor: 100n,
    realMinor: 100n,
    bonusMinor: 0n,
    stakeMinor: 100n,
    freespin: false,
    occurredAt: new Date(),
    ...overrides,
  };
}

async function publishMany(n: number) {
  for (let i = 0; i < n; i += 1) {
    await server.database.db.transaction((tx) => publishPlayEvent(tx, event()));
  }
}

const counter =
  (consumer: string) =>
  async (tx: Transaction, events: PlayEvent[]): Promise<void> => {
    for (const e of events) {
      await tx.execute(sql`insert into counted values (${consumer}, ${e.id.toString()}::bigint)`);
    }
  };

/**
 * Reads until nothing new; with `settle` (the default), also until no committed event is held
 * back by an older transaction still open: on a shared PostgreSQL, the other test files'
 * transactions (other databases, one server) hold the horizon back for a moment.
 */
async function drain(database: DatabaseHandle, consumer: string, settle = true) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if ((await consumeBatch(database, consumer, counter(consumer), 7)) !== 0) continue;
    if (!settle || !(await heldBack(database, consumer)) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function counts(consumer: string) {
  const [row] = await server.database.query<{ total: number; distinct: number; all: number }>(sql`
    select count(*)::int as total, count(distinct event_id)::int as distinct,
           (select count(*)::int from play_events) as all
    from counted where consumer = ${consumer}`);
  return row!;
}

/** The consumer's counts once it has counted every event, or as they stand after `ms`. */
async function countedAll(consumer: string, ms: number) {
  const deadline = Date.now() + ms;
  let seen = await counts(consumer);
  while (seen.total < seen.all && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await counts(consumer);
  }
  return seen;
}

async function eventsOfRound(round: string) {
  return server.database.query<{
    kind: string;
    amount_minor: string;
    stake_minor: string;
    real_minor: string;
  }>(
    sql`select kind, amount_minor::text, stake_minor::text, real_minor::text from play_events
        where round = ${round} order by id`,
  );
}

describe('publishing', () => {
  it('a bet, its win and a rolled-back bet are published once each, with the stake; replays and refusals publish nothing', async () => {
    const player = await registeredPlayer(server, { depositMinor: 50_00n });
    const play = await bettor(app, player.id, SLOT);
    const bet = await play.bet(10_00);
    expect(bet.status).toBe('RS_OK');
    const win = await play.win(25_00, bet.uuid);
    expect(win.status).toBe('RS_OK');
    const [round] = await server.database.query<{ round: string }>(
      sql`select round from wallet_transactions where transaction_uuid = ${bet.uuid}`,
    );
    expect(await eventsOfRound(round!.round)).toEqual([
      { kind: 'bet', amount_minor: '1000', stake_minor: '1000', real_minor: '1000' },
      { kind: 'win', amount_minor: '2500', stake_minor: '1000', real_minor: '2500' },
    ]);

    const cancelled = await play.bet(5_00);
    const back = await play.rollback(cancelled.uuid);
    expect(back.status).toBe('RS_OK');
    // A second rollback of the same bet under a new id cancels nothing and publishes nothing.
    await play.rollback(cancelled.uuid);
    const [second] = await server.database.query<{ round: string }>(
      sql`select round from wallet_transactions where transaction_uuid = ${cancelled.uuid}`,
    );
    // The round holds its bet and ONE rollback (the second published nothing).
    expect((await eventsOfRound(second!.round)).map((e) => e.kind)).toEqual(['bet', 'rollback']);
    const [rollbacks] = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from play_events where kind = 'rollback' and player_id = ${player.id}`,
    );
    expect(rollbacks!.n).toBe(1);

    const before = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from play_events where player_id = ${player.id}`,
    );
    // Not enough money: nothing moved, nothing published.
    expect((await play.bet(1_000_00)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    const after = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from play_events where player_id = ${player.id}`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('an event is published with its transaction or not at all', async () => {
    const ref = `rolled-back-${Date.now()}`;
    await expect(
      server.database.db.transaction(async (tx) => {
        await publishPlayEvent(tx, event({ ref }));
        throw new Error('the money failed');
      }),
    ).rejects.toThrow('the money failed');
    const rows = await server.database.query(sql`select 1 from play_events where ref = ${ref}`);
    expect(rows).toHaveLength(0);
  });

  it('the money transaction sends no NOTIFY; the announcement after it sends one per burst', async () => {
    // A NOTIFY inside the transaction serialises every such commit behind one lock
    // (announce.ts), so publishing notifies nobody and announcing does, coalesced.
    const settle = () => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_COALESCE_MS * 10));
    // The earlier tests' bets announced theirs: those notifications go out first.
    await settle();
    const heard: string[] = [];
    const unlisten = await listenTo(server.database, 'play_events', {
      notified: (payload) => heard.push(payload),
      reset: () => undefined,
    });
    try {
      for (let i = 0; i < 5; i += 1) {
        await server.database.db.transaction((tx) => publishPlayEvent(tx, event()));
      }
      await settle();
      expect(heard).toEqual([]);
      for (let i = 0; i < 5; i += 1) announcePlayEvents(server.database);
      await settle();
      expect(heard).toEqual(['']);
      announcePlayEvents(server.database);
      await settle();
      expect(heard).toEqual(['', '']);
    } finally {
      await unlisten();
    }
  });
});

describe('consuming', () => {
  it('a new consumer replays the whole stream from the start, in order, once', async () => {
    await publishMany(5);
    const seen: bigint[] = [];
    for (;;) {
      const n = await consumeBatch(
        server.database,
        'replay',
        async (_tx, events) => {
          seen.push(...events.map((e) => e.id));
        },
        3,
      );
      if (n !== 0) continue;
      if (!(await heldBack(server.database, 'replay'))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [all] = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from play_events`,
    );
    expect(seen).toHaveLength(all!.n);
    expect(new Set(seen).size).toBe(seen.length);
    expect(await consumeBatch(server.database, 'replay', async () => undefined)).toBe(0);
  });

  it('reads in the numeric order of transaction ids and event ids, across a change of digits', async () => {
    // Events of transactions 9, 10, 99 and 100 (long ended: below every horizon), each with two
    // events whose ids also change digits: sorted as text ('10' < '9'), a batch of 2 would move
    // the cursor past events it never read, or back before events it had.
    const [next] = await server.database.query<{ n: string }>(
      sql`select (last_value + 10)::text as n from play_events_id_seq`,
    );
    const base = 10n ** BigInt(next!.n.length); // 10…0: the ids below it have one digit less
    const ids: Record<string, bigint[]> = {
      '9': [base + 4n, base + 5n],
      '10': [base - 1n, base],
      '99': [base - 2n, base + 1n],
      '100': [base + 2n, base + 3n],
    };
    for (const [txId, eventIds] of Object.entries(ids)) {
      for (const eventId of eventIds) {
        const e = event();
        await server.database.query(sql`
          insert into play_events (id, tx_id, ref, kind, player_id, currency, provider_id,
                                   game_code, round, amount_minor, stake_minor, occurred_at)
          values (${eventId.toString()}::bigint, ${txId}::xid8, ${e.ref}, 'bet', 1, 'EUR',
                  'northstar', ${SLOT}, ${e.round}, 100, 100, now())`);
      }
    }
    // The events published next take ids after these.
    await server.database.query(
      sql`select setval('play_events_id_seq', ${(base + 5n).toString()}::bigint)`,
    );
    await drain(server.database, 'digits');
    const after = await counts('digits');
    expect(after.total).toBe(after.all);
    expect(after.distinct).toBe(after.total);
  });

  it('a consumer that crashes mid-batch resumes where it stopped and counts each event once', async () => {
    await publishMany(12);
    let handled = 0;
    // It counts 3 events of its batch of 7, then dies: the batch is rolled back with its cursor.
    const crashing = async (tx: Transaction, events: PlayEvent[]) => {
      for (const e of events) {
        await tx.execute(sql`insert into counted values ('crash', ${e.id.toString()}::bigint)`);
        handled += 1;
        if (handled === 3) throw new Error('killed');
      }
    };
    await expect(consumeBatch(server.database, 'crash', crashing, 7)).rejects.toThrow('killed');
    expect((await counts('crash')).total).toBe(0);
    await drain(server.database, 'crash');
    const after = await counts('crash');
    expect(after.total).toBe(after.all);
    expect(after.distinct).toBe(after.total);
  });

  it.runIf(onPostgres)(
    'a consumer whose connection is killed mid-batch resumes and counts each event once (PostgreSQL)',
    async () => {
      await publishMany(10);
      const killing = async (tx: Transaction, events: PlayEvent[]) => {
        await tx.execute(
          sql`insert into counted values ('killed', ${events[0]!.id.toString()}::bigint)`,
        );
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      };
      await expect(consumeBatch(server.database, 'killed', killing, 5)).rejects.toThrow();
      expect((await counts('killed')).total).toBe(0);
      await drain(server.database, 'killed');
      const after = await counts('killed');
      expect(after.total).toBe(after.all);
      expect(after.distinct).toBe(after.total);
    },
  );

  it.runIf(onPostgres)(
    'an event whose transaction commits after a later one is not stepped over (PostgreSQL)',
    async () => {
      await drain(server.database, 'order');
      const pool = (server.database.db as unknown as { $client: Pool }).$client;
      const slow = await pool.connect();
      try {
        await slow.query('begin');
        // The slow transaction takes its id and publishes first, then waits.
        await slow.query(`select play_event_publish('slow-${Date.now()}', 'bet', 'casino', 1,
          'EUR', 'northstar', '${SLOT}', 'slow', 100, 100, 0, 100, false, now())`);
        await publishMany(2);
        // Not settled: the slow transaction holds the two newer events back until it commits.
        await drain(server.database, 'order', false);
        expect(await heldBack(server.database, 'order')).toBe(true);
        const before = await counts('order');
        await slow.query('commit');
        await drain(server.database, 'order');
        const after = await counts('order');
        expect(after.total).toBe(after.all);
        expect(after.total).toBeGreaterThan(before.total);
        expect(after.distinct).toBe(after.total);
      } finally {
        slow.release();
      }
    },
  );

  it.runIf(onPostgres)(
    'a running consumer reads events an older open transaction held back soon after it ends, with no notification (PostgreSQL)',
    async () => {
      const consumer = await startConsumer(server.database, 'blocked', counter('blocked'), {
        pollMs: 0,
      });
      const pool = (server.database.db as unknown as { $client: Pool }).$client;
      const blocker = await pool.connect();
      try {
        await consumer.idle();
        // An older transaction with an id of its own that publishes nothing (so its end sends
        // no NOTIFY): the events published after it are held back until it ends.
        await blocker.query('begin');
        await blocker.query('select pg_current_xact_id()');
        await publishMany(3);
        await consumer.idle();
        expect(await heldBack(server.database, 'blocked')).toBe(true);
        await blocker.query('commit');
        const seen = await countedAll('blocked', 10_000);
        expect(seen.total).toBe(seen.all);
        expect(seen.distinct).toBe(seen.total);
      } finally {
        blocker.release();
        await consumer.stop();
      }
    },
  );

  it('two instances run the same consumer while events flow: each event is counted once, woken by the announcement (NOTIFY across instances)', async () => {
    let second: DatabaseHandle = server.database;
    if (onPostgres) {
      const [name] = await server.database.query<{ db: string }>(
        sql`select current_database() as db`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name!.db}`;
      second = await openDatabase({ dataDir: folder, databaseUrl: url.toString() });
    }
    // No polling: only the notifications wake them.
    const one = await startConsumer(server.database, 'pair', counter('pair'), {
      pollMs: 0,
      batch: 5,
    });
    const two = await startConsumer(second, 'pair', counter('pair'), { pollMs: 0, batch: 5 });
    try {
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = 0; i < 10; i += 1) {
            await server.database.db.transaction((tx) => publishPlayEvent(tx, event()));
            // After the commit, as publishers do: this instance's consumer at once, the
            // other instance's through one coalesced NOTIFY (announce.ts).
            announcePlayEvents(server.database);
          }
        }),
      );
      let seen = await countedAll('pair', 15_000);
      await Promise.all([one.idle(), two.idle()]);
      seen = await counts('pair');
      expect(seen.total).toBe(seen.all);
      expect(seen.distinct).toBe(seen.total);
    } finally {
      await one.stop();
      await two.stop();
      if (second !== server.database) await second.close();
    }
  });
});
