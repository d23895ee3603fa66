import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DatabaseHandle } from '../db/client.ts';

/** A counter as the store answers it: requests in the current window, ms until it ends. */
export interface ThrottleCount {
  current: number;
  ttl: number;
}

/**
 * Counts `add` requests of `key` in its fixed window (`windowMs` long, aligned on the database's
 * clock so every instance agrees on where a window starts) and answers the count after them. One
 * upsert, so concurrent requests on any number of instances each get a distinct count: of 20
 * parallel requests at a budget of 5, exactly 15 are over it.
 *
 * A request that reaches the database late, with the previous window, counts in the current one
 * rather than opening an old window again (`greatest`).
 */
export async function countRequest(
  database: DatabaseHandle,
  key: string,
  windowMs: number,
  add = 1,
): Promise<ThrottleCount> {
  const [row] = await database.query<{ count: number; window_start: string; now_ms: string }>(
    sql`
    with "clock" as (
      select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as "ms"
    )
    insert into "request_throttle" ("key", "window_start", "count")
    select ${key}, ("ms" / ${windowMs}::bigint) * ${windowMs}::bigint, ${add}::integer from "clock"
    on conflict ("key") do update set
      "count" = case
        when "excluded"."window_start" > "request_throttle"."window_start" then "excluded"."count"
        else "request_throttle"."count" + "excluded"."count" end,
      "window_start" = greatest("request_throttle"."window_start", "excluded"."window_start")
    returning "count", "window_start", (select "ms" from "clock") as "now_ms"`,
    'request_throttle_count',
  );
  const windowEnd = Number(row!.window_start) + windowMs;
  return { current: Number(row!.count), ttl: Math.max(0, windowEnd - Number(row!.now_ms)) };
}

/** How often an instance writes the requests it counted in memory to the shared table. */
export const THROTTLE_FLUSH_MS = 250;

/** One key's counts on this instance, in the window it is in. */
interface LocalCount {
  windowStart: number;
  windowMs: number;
  /** Requests counted here and not written to the table yet. */
  pending: number;
  /** Requests on their way to the table (their upsert has not answered). */
  writing: number;
  /** The table's count for the window, as last read by this instance. */
  shared: number;
}

/**
 * The throttle's counts, kept in memory per instance with the table as the shared ceiling
 * (issue #28: the general throttle wrote the database on every request, which cost `/api` about
 * a fifth of its throughput).
 *
 * - Far from the budget (this instance's view of the count at most half of it) a request is
 *   counted in memory and answered at once; the counts go to the table every
 *   THROTTLE_FLUSH_MS in one upsert per key, and the table's answer brings back what the other
 *   instances counted.
 * - From half the budget on, each request is counted in the table at once, with whatever this
 *   instance still held: one instance alone is exact to the request (of 20 racing requests at a
 *   budget of 5, exactly 15 are refused). Several instances can each let through at most half
 *   the budget that the others have not seen yet, for at most one flush interval.
 */
export class BatchedThrottle {
  readonly #database: DatabaseHandle;
  readonly #flushMs: number;
  readonly #counts = new Map<string, LocalCount>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #flushing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(database: DatabaseHandle, flushMs = THROTTLE_FLUSH_MS) {
    this.#database = database;
    this.#flushMs = flushMs;
  }

  async count(key: string, windowMs: number, max: number): Promise<ThrottleCount> {
    const now = Date.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    let local = this.#counts.get(key);
    if (!local || local.windowStart < windowStart || local.windowMs !== windowMs) {
      // A new window: what was pending of the last one is written by the next flush's upsert,
      // which the table then counts in the current window (it is a request of a moment ago).
      local = { windowStart, windowMs, pending: local?.pending ?? 0, writing: 0, shared: 0 };
      this.#counts.set(key, local);
    }
    const ttl = windowStart + windowMs - now;
    const estimate = local.shared + local.pending + local.writing + 1;
    if (estimate * 2 <= max) {
      local.pending += 1;
      this.#schedule();
      return { current: estimate, ttl };
    }
    const add = local.pending + 1;
    local.pending = 0;
    local.writing += add;
    try {
      const counted = await countRequest(this.#database, key, windowMs, add);
      local.shared = Math.max(local.shared, counted.current);
      return counted;
    } catch (error) {
      // Not counted: the ones this instance held wait for the next flush (this one is let
      // through by the plugin's skipOnError).
      local.pending += add - 1;
      throw error;
    } finally {
      local.writing -= add;
    }
  }

  /** Writes what this instance counted and has not written yet. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  /** Stops the timer and writes what is left (the server is closing). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.flush();
  }

  #schedule(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, this.#flushMs);
    this.#timer.unref?.();
  }

  async #write(): Promise<void> {
    const now = Date.now();
    for (const [key, local] of this.#counts) {
      if (local.pending === 0) {
        // Nothing to write and its window is over: forgotten (memory stays bounded).
        if (local.windowStart + local.windowMs <= now) this.#counts.delete(key);
        continue;
      }
      const add = local.pending;
      local.pending = 0;
      local.writing += add;
      try {
        const counted = await countRequest(this.#database, key, local.windowMs, add);
        local.shared = Math.max(local.shared, counted.current);
      } catch {
        // The database is away: the counts wait for the next flush (the throttle never refuses
        // a request for a fault of its own).
        local.pending += add;
        if (!this.#closed) this.#schedule();
      } finally {
        local.writing -= add;
      }
    }
  }
}

/** Forgets the counters of windows that ended (they would restart at 1 anyway). */
export async function forgetEndedWindows(database: DatabaseHandle, windowMs: number) {
  await database.query(sql`
    delete from "request_throttle"
    where "window_start" + ${windowMs}::bigint
      < floor(extract(epoch from clock_timestamp()) * 1000)::bigint`);
}

/**
 * `@fastify/rate-limit`'s store interface over the `request_throttle` table (UNLOGGED, migration
 * 0015), through one BatchedThrottle per instance, so that every instance on one database counts
 * an address's requests together: a client spreading its requests over instances behind a load
 * balancer gets the one budget.
 *
 * The plugin builds its store with `new Store(options)`, so the counts come in through this
 * factory. `prefix` names the budget (a route-level child gets its route in the key, as the
 * plugin's own Redis store does).
 */
export function postgresThrottleStore(
  throttle: BatchedThrottle,
  prefix = 'throttle:',
): FastifyRateLimitStoreCtor {
  const make = (keyPrefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow, max) {
      throttle.count(`${keyPrefix}${key}`, timeWindow, max).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    },
    child(routeOptions) {
      return make(`${keyPrefix}${routeOptions.method}:${routeOptions.url}:`);
    },
  });
  return class {
    constructor() {
      return make(prefix);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
