import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

/** What a listener hears: a notification, or that it may have missed some. */
export interface ChannelEvents {
  /** A notification on the channel (its payload). */
  notified(payload: string): void;
  /**
   * The listening connection was lost or is back: notifications may have been missed in between,
   * so whatever they keep fresh must be dropped. `listening` says whether they arrive again.
   */
  reset(listening: boolean): void;
}

/** Stops listening (and, on PostgreSQL, gives its connection back). */
export type Unlisten = () => Promise<void>;

const ignore = () => undefined;

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1000;

/**
 * Listens to a PostgreSQL channel (`LISTEN`), so that every instance on one database hears what
 * any of them (or a trigger) notified. On PostgreSQL this holds one connection of the pool for
 * the listener (a pooled query's connection would lose its LISTEN when handed back); on PGlite,
 * one process, the client delivers the notifications of its own connection.
 */
export async function listenTo(
  database: DatabaseHandle,
  channel: string,
  events: ChannelEvents,
): Promise<Unlisten> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(channel, events.notified);
    return unlisten;
  }
  return listenOnPool(client as pg.Pool, channel, events);
}

async function listenOnPool(pool: pg.Pool, channel: string, events: ChannelEvents) {
  let connection: pg.PoolClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) events.notified(message.payload ?? '');
  };
  const lost = (error?: Error) => {
    if (!connection || stopped) return;
    const broken = connection;
    connection = null;
    broken.off('notification', onNotification);
    broken.off('error', onError);
    broken.off('end', onEnd);
    // Released as broken: the pool ends it instead of handing it out again. An error it emits
    // while ending must not be an unhandled 'error' event (which would end the process).
    broken.on('error', ignore);
    broken.release(error ?? true);
    events.reset(false);
    schedule();
  };
  const onError = (error: Error) => lost(error);
  const onEnd = () => lost(new Error('the listening connection ended'));

  const connect = async () => {
    const next = await pool.connect();
    const detach = () => {
      next.off('notification', onNotification);
      next.off('error', onError);
      next.off('end', onEnd);
    };
    next.on('notification', onNotification);
    next.on('error', onError);
    next.on('end', onEnd);
    try {
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      detach();
      next.on('error', ignore);
      next.release(error as Error);
      throw error;
    }
    if (stopped) {
      detach();
      next.release();
      return;
    }
    connection = next;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          if (!stopped) events.reset(true);
        },
        () => {
          if (!stopped) schedule();
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = connection;
    connection = null;
    if (!open) return;
    open.off('notification', onNotification);
    open.off('error', onError);
    open.off('end', onEnd);
    try {
      await open.query(`UNLISTEN ${channel}`);
      open.release();
    } catch (error) {
      open.on('error', ignore);
      open.release(error as Error);
    }
  };
}
