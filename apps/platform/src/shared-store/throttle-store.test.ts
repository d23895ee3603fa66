import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { testDatabase } from '../testing/test-database.ts';
import { BatchedThrottle } from './throttle-store.ts';

/**
 * The throttle's counts kept in memory per instance with the table as the shared ceiling
 * (issue #28). Two BatchedThrottle on one database are two platform instances.
 */
let database: DatabaseHandle;
/** An hour: no case may straddle the end of a window (they are aligned on the clock). */
const WINDOW_MS = 3_600_000;

beforeAll(async () => {
  database = await testDatabase();
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  await database.query(sql`delete from "request_throttle"`);
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
}, 20_000);

async function tableCount(key: string): Promise<number> {
  const [row] = await database.query<{ count: number }>(
    sql`select "count" from "request_throttle" where "key" = ${key}`,
  );
  return Number(row?.count ?? 0);
}

describe('the batched throttle', () => {
  it('far from the budget answers from memory, without a write per request', async () => {
    const throttle = new BatchedThrottle(database, 60_000);
    const counts = [];
    for (let i = 0; i < 50; i += 1)
      counts.push((await throttle.count('k:mem', WINDOW_MS, 600)).current);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Nothing written yet: the flush writes the fifty in one upsert.
    expect(await tableCount('k:mem')).toBe(0);
    await throttle.flush();
    expect(await tableCount('k:mem')).toBe(50);
    await throttle.close();
  });

  it('is exact on one instance: of 20 racing requests at a budget of 5, 15 are over it', async () => {
    const throttle = new BatchedThrottle(database, 60_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => throttle.count('k:race', WINDOW_MS, 5)),
    );
    expect(answers.filter((a) => a.current > 5)).toHaveLength(15);
    expect(new Set(answers.map((a) => a.current)).size).toBe(20);
    await throttle.close();
    expect(await tableCount('k:race')).toBe(20);
  });

  it('on two instances counts every request once, and lets through at most half a budget more', async () => {
    const first = new BatchedThrottle(database, 60_000);
    const second = new BatchedThrottle(database, 60_000);
    const max = 10;
    let allowed = 0;
    for (let i = 0; i < 40; i += 1) {
      const instance = i % 2 === 0 ? first : second;
      if ((await instance.count('k:two', WINDOW_MS, max)).current <= max) allowed += 1;
      // Each instance writes what it holds every few requests, as its timer would.
      if (i % 4 === 3) await Promise.all([first.flush(), second.flush()]);
    }
    expect(allowed).toBeGreaterThanOrEqual(max);
    expect(allowed).toBeLessThanOrEqual(max + max / 2);
    await Promise.all([first.close(), second.close()]);
    expect(await tableCount('k:two')).toBe(40);
  });

  it('writes what it holds on its own after the flush interval', async () => {
    const throttle = new BatchedThrottle(database, 50);
    await throttle.count('k:timer', WINDOW_MS, 600);
    await throttle.count('k:timer', WINDOW_MS, 600);
    await expect.poll(() => tableCount('k:timer'), { timeout: 5_000 }).toBe(2);
    await throttle.close();
  });

  it('keeps the counts when the database is away, and writes them once it is back', async () => {
    let down = true;
    const flaky = {
      ...database,
      query: ((...args: Parameters<DatabaseHandle['query']>) =>
        down
          ? Promise.reject(new Error('connection refused'))
          : database.query(...args)) as DatabaseHandle['query'],
    } as DatabaseHandle;
    const throttle = new BatchedThrottle(flaky, 60_000);
    await throttle.count('k:away', WINDOW_MS, 600);
    await throttle.flush();
    expect(await tableCount('k:away')).toBe(0);
    down = false;
    await throttle.flush();
    expect(await tableCount('k:away')).toBe(1);
    await throttle.close();
  });
});
