import { sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle, type Transaction } from '../db/client.ts';
import { listenTo, type Unlisten } from '../shared-store/index.ts';
import { onAnnouncement } from './announce.ts';
import type { PlayEventKind } from './publish.ts';

/**
 * Reading the play-event stream (issue #27). Each consumer (tournaments, loyalty, …) keeps its own
 * cursor in `play_event_cursors` and handles a batch of events in ONE transaction with the move of
 * its cursor: a consumer that dies mid-batch (process killed, connection lost, handler threw)
 * rolls the whole batch back and reads it again, so no event counts twice or is lost. Several
 * instances may run the same consumer: the cursor row is claimed `FOR UPDATE SKIP LOCKED`, so one
 * reads at a time and the others return at once (they are woken again by the next event).
 *
 * The order is (publishing transaction id, event id), not the event id alone: ids come from a
 * sequence when the row is written, but transactions commit in any order, so a cursor on the id
 * would step over an event of a slower transaction that commits later with a smaller id. A reader
 * takes only events of transactions older than its snapshot's horizon (`pg_snapshot_xmin`: every
 * transaction below it has ended), and every transaction still to commit has a larger id than
 * that horizon, so nothing can appear behind the cursor. The price: a long transaction anywhere
 * on the server (snapshots span all its databases) holds the stream back until it ends (never more
 * than that transaction); a running consumer that finds events held back reads again on a short
 * backoff (50 ms to 2 s), as that transaction's end sends no notification.
 */

export interface PlayEvent {
  id: bigint;
  kind: PlayEventKind;
  product: string;
  playerId: number;
  currency: string;
  providerId: string;
  gameCode: string;
  round: string;
  amountMinor: bigint;
  realMinor: bigint;
  bonusMinor: bigint;
  stakeMinor: bigint;
  freespin: boolean;
  occurredAt: Date;
}

/** Applies a batch inside the consumer's transaction; throwing rolls the batch back. */
export type PlayEventHandler = (tx: Transaction, events: PlayEvent[]) => Promise<void>;

type EventRow = {
  id: string;
  tx_id: string;
  kind: PlayEventKind;
  product: string;
  player_id: number;
  currency: string;
  provider_id: string;
  game_code: string;
  round: string;
  amount_minor: string;
  real_minor: string;
  bonus_minor: string;
  stake_minor: string;
  freespin: boolean;
  occurred_at: string | Date;
};

/**
 * Reads and handles one batch for `consumer`. Answers how many events it handled (0: none new),
 * or null when another instance holds the consumer's cursor right now.
 */
export async function consumeBatch(
  database: DatabaseHandle,
  consumer: string,
  handle: PlayEventHandler,
  limit = 500,
): Promise<number | null> {
  const db = database.db;
  await db.execute(
    sql`insert into play_event_cursors (consumer) values (${consumer}) on conflict do nothing`,
  );
  return db.transaction(async (tx) => {
    // First statement, before this transaction has an id of its own: every transaction below
    // the horizon has ended (committed or not).
    const [horizon] = await rowsOf<{ xmin: string }>(
      tx,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
    );
    const [cursor] = await rowsOf<{ tx_id: string; event_id: string }>(
      tx,
      sql`select tx_id::text, event_id::text from play_event_cursors
          where consumer = ${consumer} for update skip locked`,
    );
    if (!cursor) return null;
    // The order names the table's columns (`e.`): unqualified, ORDER BY would take the output's
    // `tx_id` and `id`, which are their text casts, and sort '1000' before '999'.
    const rows = await rowsOf<EventRow>(
      tx,
      sql`select e.id::text as id, e.tx_id::text as tx_id, kind, product, player_id, currency,
                 provider_id, game_code, round, amount_minor::text, real_minor::text,
                 bonus_minor::text, stake_minor::text, freespin, occurred_at
          from play_events e
          where (e.tx_id, e.id) > (${cursor.tx_id}::xid8, ${cursor.event_id}::bigint)
            and e.tx_id < ${horizon!.xmin}::xid8
          order by e.tx_id, e.id
          limit ${limit}`,
    );
    if (rows.length === 0) return 0;
    await handle(tx, rows.map(toEvent));
    const last = rows[rows.length - 1]!;
    await tx.execute(sql`
      update play_event_cursors
      set tx_id = ${last.tx_id}::xid8, event_id = ${last.id}::bigint, updated_at = now()
      where consumer = ${consumer}`);
    return rows.length;
  });
}

function toEvent(row: EventRow): PlayEvent {
  return {
    id: BigInt(row.id),
    kind: row.kind,
    product: row.product,
    playerId: row.player_id,
    currency: row.currency,
    providerId: row.provider_id,
    gameCode: row.game_code,
    round: row.round,
    amountMinor: BigInt(row.amount_minor),
    realMinor: BigInt(row.real_minor),
    bonusMinor: BigInt(row.bonus_minor),
    stakeMinor: BigInt(row.stake_minor),
    freespin: row.freespin,
    occurredAt: new Date(row.occurred_at),
  };
}

/**
 * Whether committed events wait beyond the consumer's cursor. Right after a batch that found
 * nothing, they are events held back by the horizon: a transaction that began before theirs is
 * still open (anywhere on the server: snapshots span every database of a cluster, so on a
 * shared PostgreSQL another database's transaction counts too).
 */
export async function heldBack(database: DatabaseHandle, consumer: string): Promise<boolean> {
  const [row] = await database.query<{ waiting: boolean }>(sql`
    select exists (
      select 1 from play_events e join play_event_cursors c on c.consumer = ${consumer}
      where (e.tx_id, e.id) > (c.tx_id, c.event_id)) as waiting`);
  return row?.waiting ?? false;
}

/** How many events published before `before` a consumer has not read yet (its backlog). */
export async function unreadBefore(
  database: DatabaseHandle,
  consumer: string,
  before: Date,
): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql`
    select count(*)::int as n
    from play_events e left join play_event_cursors c on c.consumer = ${consumer}
    where e.occurred_at < ${before.toISOString()}::timestamptz
      and (c.consumer is null or (e.tx_id, e.id) > (c.tx_id, c.event_id))`);
  return row?.n ?? 0;
}

const HELD_BACK_FIRST_RETRY_MS = 50;
const HELD_BACK_LAST_RETRY_MS = 2000;

export interface RunningConsumer {
  /** Reads now (a publisher on this instance may call it; NOTIFY does it for the others). */
  wake(): void;
  /** Resolves once a pass that started after this call has found nothing new. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a consumer on this instance: woken when events are announced (`announcePlayEvents`: at
 * once on this instance, by `NOTIFY play_events` from the others), and every `pollMs` as a safety net (a notification lost while the listening
 * connection was down). Batches follow each other until one finds nothing new.
 */
export async function startConsumer(
  database: DatabaseHandle,
  consumer: string,
  handle: PlayEventHandler,
  options: { pollMs?: number; batch?: number; onError?: (error: unknown) => void } = {},
): Promise<RunningConsumer> {
  const onError =
    options.onError ??
    ((error: unknown) => console.error(`[play-events] consumer ${consumer} failed`, error));
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let waiters: (() => void)[] = [];
  // Events held back by an open older transaction are read again soon, not at the next
  // notification or poll: every 50 ms at first, backing off to 2 s while it stays open.
  let retry: NodeJS.Timeout | null = null;
  let retryMs = HELD_BACK_FIRST_RETRY_MS;
  const retrySoon = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      wake();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, HELD_BACK_LAST_RETRY_MS);
  };

  const pass = async () => {
    do {
      again = false;
      const settled = waiters;
      waiters = [];
      try {
        for (;;) {
          if (stopped) break;
          const handled = await consumeBatch(database, consumer, handle, options.batch);
          if (handled) retryMs = HELD_BACK_FIRST_RETRY_MS;
          if (handled === 0 && (await heldBack(database, consumer))) retrySoon();
          if (!handled) break;
        }
      } catch (error) {
        onError(error);
      }
      for (const done of settled) done();
    } while (again && !stopped);
    running = null;
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass();
  };
  // Woken by this instance's publishers at once, and by the others' through NOTIFY (announce.ts).
  const local = onAnnouncement(database, wake);
  const unlisten: Unlisten = await listenTo(database, 'play_events', {
    notified: wake,
    reset: wake,
  });
  const pollMs = options.pollMs ?? 5000;
  const timer = pollMs > 0 ? setInterval(wake, pollMs) : null;
  timer?.unref();
  wake();
  return {
    wake,
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        if (running) again = true;
        else wake();
        if (stopped) resolve();
      }),
    async stop() {
      stopped = true;
      local();
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      await unlisten();
      await running;
      for (const done of waiters) done();
      waiters = [];
    },
  };
}
