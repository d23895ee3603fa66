import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { DatabaseHandle } from '../db/client.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** 15 minutes: the window of the sign-in, two-factor and restore limits. */
export const AUTH_WINDOW_MS = 15 * 60 * 1000;

const tooMany = (retryAfterS: number) =>
  new ApiError('TooManyRequests', 'Too many attempts; please wait and try again', {
    errorData: { retry_after: Math.max(1, retryAfterS) },
  });

/** One fixed-window counter moved by `delta` in one statement; answers its count after. */
async function bump(database: DatabaseHandle, limit: Limit, now: Date, delta: 1 | 0) {
  const floor = new Date(now.getTime() - limit.windowMs).toISOString();
  const [row] = await database.query<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${limit.key}, ${now.toISOString()}::timestamptz, ${delta})
    on conflict (key) do update set
      count = case when rate_limits.window_start > ${floor}::timestamptz then rate_limits.count + ${delta} else ${delta} end,
      window_start = case when rate_limits.window_start > ${floor}::timestamptz then rate_limits.window_start else excluded.window_start end
    returning count, window_start`);
  const started = new Date(row!.window_start).getTime();
  return {
    count: Number(row!.count),
    retryAfterS: Math.ceil((started + limit.windowMs - now.getTime()) / 1000),
  };
}

/**
 * Takes one attempt from every budget, and refuses (TooManyRequests) when any was already spent.
 * Checking and counting are one statement per counter (an upsert that answers the new count), so
 * parallel attempts cannot all read "4 of 5 used" and all go through: of 20 parallel tries at a
 * budget of 5, exactly 5 get a count ≤ 5. A successful attempt gives its count back (`refund`).
 */
export async function consume(database: DatabaseHandle, limits: Limit[], now: Date): Promise<void> {
  let refused: number | null = null;
  for (const limit of limits) {
    const { count, retryAfterS } = await bump(database, limit, now, 1);
    if (count > limit.max) refused = Math.max(refused ?? 0, retryAfterS);
  }
  if (refused !== null) throw tooMany(refused);
}

/** Gives back an attempt taken by `consume` (the attempt succeeded). */
export async function refund(database: DatabaseHandle, keys: string[]): Promise<void> {
  for (const key of keys) {
    await database.query(
      sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`,
    );
  }
}

/** Refuses once any counter has reached its maximum, without counting (for sends and lookups). */
export async function assertBelow(
  database: DatabaseHandle,
  limits: Limit[],
  now: Date,
): Promise<void> {
  for (const limit of limits) {
    const { count, retryAfterS } = await bump(database, limit, now, 0);
    if (count >= limit.max) throw tooMany(retryAfterS);
  }
}

/** Counts one more (a code sent, an unsubscribe mail) without checking. */
export async function record(database: DatabaseHandle, limits: Limit[], now: Date): Promise<void> {
  for (const limit of limits) await bump(database, limit, now, 1);
}

export async function clear(database: DatabaseHandle, keys: string[]): Promise<void> {
  for (const key of keys) await database.query(sql`delete from rate_limits where key = ${key}`);
}
