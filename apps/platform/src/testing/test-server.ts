import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createServer } from '../server.ts';
import type { PlatformConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { testDatabase } from './test-database.ts';
import type { FeedProvider } from '../sportsbook/index.ts';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A fetch that keeps cookies like a browser tab (one jar per call of `browser()`). */
  browser(): typeof fetch;
  close(): Promise<void>;
}

/** A platform config for tests: everything under `folder`, a free port, PGlite unless given one. */
export function testConfig(
  folder: string,
  overrides: Partial<PlatformConfig> = {},
): PlatformConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(folder, 'data'),
    remotesFile: null,
    appsDir: path.join(folder, 'apps'),
    databaseUrl: null,
    // Tests read answers, not logs (ops.test.ts checks the logging itself).
    logLevel: 'silent',
    // Test clients are all 127.0.0.1 and many times faster than a player: the general throttle
    // is raised far out of their way (still counting); throttle tests set their own budget.
    requestThrottle: { max: 1_000_000, windowSeconds: 60 },
    // The bonus job's timer is off: tests run it themselves (bonuses/jobs.ts), under their clock.
    bonusJobIntervalMs: 0,
    cashbackJobIntervalMs: 0,
    tournamentsJobIntervalMs: 0,
    loyaltyPollMs: 0,
    // The sportsbook's feed and settlement timers are off: tests drive them (sportsbook/).
    sportsbookJobIntervalMs: 0,
    ...overrides,
  };
}

/** The real platform over HTTP on a free port, with its own database. */
export async function startTestServer(
  options: {
    now?: () => Date;
    config?: Partial<PlatformConfig>;
    logDestination?: NodeJS.WritableStream;
    /** The sportsbook's feed provider (a scripted one); default: the sandbox feed. */
    feed?: FeedProvider;
    /** Another server's database: a second instance on it (closing leaves it open). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestServer> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-api-'));
  const database = options.database ?? (await testDatabase());
  const app = await createServer(testConfig(folder, { dataDir: folder, ...options.config }), {
    database,
    seed: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.feed ? { feed: options.feed } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    browser: () => cookieFetch(url),
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** fetch with a cookie jar, resolving relative URLs against the server. */
export function cookieFetch(base: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      base,
    );
    const headers = new Headers(init.headers);
    // The jar's cookies join any the caller set itself (a cookie the page writes, like consent).
    const own = headers.get('cookie');
    if (jar.size > 0) {
      const kept = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      headers.set('cookie', own ? `${own}; ${kept}` : kept);
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

/**
 * One test server for a test file, started before its tests and closed after, with every rate
 * limit budget reset before each test (the test client is always 127.0.0.1). Returns the getter.
 */
export function sharedTestServer(): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server!.database.query(sql`delete from rate_limits`);
  });
  return () => server!;
}
