import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { DatabaseHandle } from '../db/client.ts';

/** A counter as the store answers it: requests in the current window, ms until it ends. */
export interface ThrottleCount {
  current: number;
  ttl: number;
}

/**
 * Counts one request of `key` in its fixed window (`windowMs` long, aligned on the database's
 * clock so every instance agrees on where a window starts) and answers the count after it. One
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
): Promise<ThrottleCount> {
  const [row] = await database.query<{ count: number; window_start: string; now_ms: string }>(
    sql`
    with "clock" as (
      select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as "ms"
    )
    insert into "request_throttle" ("key", "window_start", "count")
    select ${key}, ("ms" / ${windowMs}::bigint) * ${windowMs}::bigint, 1 from "clock"
    on conflict ("key") do update set
      "count" = case
        when "excluded"."window_start" > "request_throttle"."window_start" then 1
        else "request_throttle"."count" + 1 end,
      "window_start" = greatest("request_throttle"."window_start", "excluded"."window_start")
    returning "count", "window_start", (select "ms" from "clock") as "now_ms"`,
    'request_throttle_count',
  );
  const windowEnd = Number(row!.window_start) + windowMs;
  return { current: Number(row!.count), ttl: Math.max(0, windowEnd - Number(row!.now_ms)) };
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
 * 0015), so that every instance on one database counts an address's requests together: a client
 * spreading its requests over instances behind a load balancer gets the one budget.
 *
 * The plugin builds its store with `new Store(options)`, so the database comes in through this
 * factory. `prefix` names the budget (a route-level child gets its route in the key, as the
 * plugin's own Redis store does).
 */
export function postgresThrottleStore(
  database: DatabaseHandle,
  prefix = 'throttle:',
): FastifyRateLimitStoreCtor {
  const make = (keyPrefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      countRequest(database, `${keyPrefix}${key}`, timeWindow).then(
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
