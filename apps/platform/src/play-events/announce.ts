import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * Telling the consumers that play events were published: after the publishing transaction has
 * committed, never inside it.
 *
 * A `NOTIFY` inside the transaction that moves the money (how the stream began) makes PostgreSQL
 * take one lock per database at that transaction's commit and hold it through the commit's WAL
 * flush (async.c `PreCommit_Notify`: notifications are queued in commit order), so every bet
 * committed one after the other, each waiting for the previous one's flush (`pnpm bench:wallet`,
 * 50 connections: 418 bets/s and 3.5 ms of PostgreSQL CPU per bet with it, 803 and 0.65 ms
 * without). Now:
 * - the consumers of this instance are woken at once, in the process;
 * - the others hear one `NOTIFY play_events` per instance per `ANNOUNCE_COALESCE_MS` at most,
 *   sent on its own, outside any money transaction (it writes no WAL and waits for no flush).
 * An announcement lost with its process (killed between the commit and the notification) is
 * found by the consumers' poll (`startConsumer`'s `pollMs`), as a lost notification always was.
 */
export const ANNOUNCE_COALESCE_MS = 20;

const localConsumers = new WeakMap<DatabaseHandle, Set<() => void>>();
const pendingNotify = new WeakSet<DatabaseHandle>();

/** Registers a consumer of this instance to be woken by `announcePlayEvents` on `database`. */
export function onAnnouncement(database: DatabaseHandle, wake: () => void): () => void {
  let wakers = localConsumers.get(database);
  if (!wakers) {
    wakers = new Set();
    localConsumers.set(database, wakers);
  }
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Says that events were published on `database` by a transaction that has committed: call it
 * after the commit (never inside the transaction, which would make it a promise the transaction
 * may not keep).
 */
export function announcePlayEvents(database: DatabaseHandle): void {
  for (const wake of localConsumers.get(database) ?? []) wake();
  if (pendingNotify.has(database)) return;
  pendingNotify.add(database);
  const timer = setTimeout(() => {
    pendingNotify.delete(database);
    // A notification that cannot be sent (the database closing, a lost connection) is covered
    // by the consumers' poll on every instance.
    database.query(sql`select pg_notify('play_events', '')`, 'play_events_notify').catch(() => {});
  }, ANNOUNCE_COALESCE_MS);
  timer.unref();
}
