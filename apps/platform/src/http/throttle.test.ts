import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The general per-address throttle of `/api` and `/cms` (http/throttle.ts): a small budget here,
 * so that its edge is reached in a few requests. The budget is counted in the database
 * (`request_throttle`), which the tests empty before each case.
 */
let server: TestServer;
const BUDGET = 5;
/** An hour: windows are aligned on the clock, and no case may straddle the end of one. */
const WINDOW_S = 3600;

beforeAll(async () => {
  server = await startTestServer({
    // The proxy at 127.0.0.1 (the test client) is trusted: X-Forwarded-For picks the address.
    config: {
      requestThrottle: { max: BUDGET, windowSeconds: WINDOW_S },
      trustProxy: ['127.0.0.1'],
    },
  });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query(sql`delete from "request_throttle"`);
  const left = WINDOW_S * 1000 - (Date.now() % (WINDOW_S * 1000));
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
}, 20_000);

const from = (address: string, path = '/api/metadata/getgeneralinfo?v=2.34') =>
  fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': address } });

describe('the general throttle', () => {
  it('answers 429 with the typed error and Retry-After once an address spent its budget', async () => {
    for (let index = 0; index < BUDGET; index += 1) {
      const response = await from('203.0.113.1');
      expect(response.status).not.toBe(429);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(BUDGET - index - 1));
    }
    const refused = await from('203.0.113.1');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
    expect(await refused.json()).toEqual({
      error: {
        type: 'TooManyRequestsException',
        code: 'too_many_requests',
        message: expect.any(String),
        error_data: { retry_after: retryAfter },
      },
    });
    // Another address has its own budget.
    expect((await from('203.0.113.2')).status).not.toBe(429);
  });

  it('counts /api and /cms together, and leaves pages and health checks alone', async () => {
    for (let index = 0; index < BUDGET; index += 1) {
      const path =
        index % 2 === 0 ? '/cms/menu-links?locale=en-US' : '/api/metadata/getgeneralinfo';
      expect((await from('203.0.113.3', path)).status).toBe(200);
    }
    expect((await from('203.0.113.3', '/cms/menu-links')).status).toBe(429);
    expect((await from('203.0.113.3', '/api/nothing/here')).status).toBe(429);
    expect((await from('203.0.113.3', '/healthz')).status).toBe(200);
    expect((await from('203.0.113.3', '/nfx/i18n/locales')).status).toBe(200);
  });

  it('leaves out the requests the server makes to itself (the server render data calls)', async () => {
    for (let index = 0; index < BUDGET * 3; index += 1) {
      const answer = await server.app.inject('/api/metadata/getgeneralinfo?v=2.34');
      expect(answer.statusCode).toBe(200);
    }
    const counted = await server.database.query<{ key: string }>(
      sql`select "key" from "request_throttle"`,
    );
    // (The other cases' addresses may still be written by their instance's late flush.)
    expect(counted.filter((row) => !row.key.includes('203.0.113.'))).toEqual([]);
  });

  it('lets exactly the budget through when requests race', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => from('203.0.113.4')));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - BUDGET);
    await Promise.all(answers.map((response) => response.arrayBuffer()));
  });

  it('opens a new window when the last one ends, and forgets ended windows', async () => {
    const { countRequest, forgetEndedWindows } = await import('../shared-store/index.ts');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Start early in a window of 500 ms (they are aligned on the clock), so that the second
    // count surely falls in the same one.
    await sleep(500 - (Date.now() % 500) + 10);
    const first = await countRequest(server.database, 'test:window', 500);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeLessThanOrEqual(500);
    expect((await countRequest(server.database, 'test:window', 500)).current).toBe(2);
    await sleep(first.ttl + 20);
    expect((await countRequest(server.database, 'test:window', 500)).current).toBe(1);
    await sleep(1_020);
    await forgetEndedWindows(server.database, 500);
    const left = await server.database.query<{ key: string }>(
      sql`select "key" from "request_throttle" where "key" = 'test:window'`,
    );
    expect(left).toEqual([]);
  });
});
