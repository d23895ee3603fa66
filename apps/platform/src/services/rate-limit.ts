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

/**
 * Fixed-window counters in the database, so every instance shares them. `assertBelow` refuses
 * once a counter has reached its maximum; `record` counts one more (a failure, a code sent).
 */
export async function assertBelow(
  database: DatabaseHandle,
  limits: Limit[],
  now: Date,
): Promise<void> {
  for (const limit of limits) {
    const rows = await database.query<{ count: number }>(sql`
      select count from rate_limits
      where key = ${limit.key} and window_start > ${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`);
    if ((rows[0]?.count ?? 0) >= limit.max) {
      throw new ApiError('TooManyRequests', 'Too many attempts; please wait and try again', {
        errorData: { retry_after: Math.ceil(limit.windowMs / 1000) },
      });
    }
  }
}

export async function record(database: DatabaseHandle, limits: Limit[], now: Date): Promise<void> {
  for (const limit of limits) {
    const windowFloor = new Date(now.getTime() - limit.windowMs).toISOString();
    await database.query(sql`
      insert into rate_limits (key, window_start, count) values (${limit.key}, ${now.toISOString()}::timestamptz, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start > ${windowFloor}::timestamptz then rate_limits.count + 1 else 1 end,
        window_start = case when rate_limits.window_start > ${windowFloor}::timestamptz then rate_limits.window_start else excluded.window_start end`);
  }
}

export async function clear(database: DatabaseHandle, keys: string[]): Promise<void> {
  for (const key of keys) await database.query(sql`delete from rate_limits where key = ${key}`);
}
