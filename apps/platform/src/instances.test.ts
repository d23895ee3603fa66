import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../../tools/lib/platform-process.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { THROTTLE_FLUSH_MS } from './shared-store/index.ts';
import { createServer } from './server.ts';
import { get, post, REGISTRATION_PROFILE } from './testing/api.ts';
import { expectBooksBalance } from './testing/books.ts';
import { testDatabase } from './testing/test-database.ts';
import { testConfig } from './testing/test-server.ts';

/**
 * Two platform instances on one database (issue #16 "Scale out"): a player signs in on one and
 * carries on with the same cookie on the other; deposits (sandbox provider, signed webhooks) and
 * real-money rounds of the site's own games (through the seamless wallet) run concurrently over
 * both; the books balance; the per-account sign-in limit and the general throttle count
 * requests on both together.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the instances are two real processes (`node src/main.ts`, as
 * the e2e suite starts them) sharing one database and one DATA_DIR, as deploy/compose.yaml runs
 * them. On PGlite, which one process owns, they are two servers in this process on one PGlite.
 */
const url = process.env.TEST_DATABASE_URL;
const THROTTLE = 200;
/** A long window, so the throttle's count is not cut by a window ending mid-test. */
const THROTTLE_WINDOW_S = 3600;
const SECRET_KEY = 'instances-test-secret-key-of-32-chars-or-more';
const PAYMENT_SECRET = 'whsec_instances_test';

interface Instances {
  urls: [string, string];
  database: DatabaseHandle;
  close(): Promise<void>;
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-instances-'));
let instances: Instances;

async function twoProcesses(base: string): Promise<Instances> {
  const name = `northstar_instances_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(base);
  target.pathname = `/${name}`;
  const env = {
    DATABASE_URL: target.toString(),
    DATA_DIR: folder,
    SECRET_KEY,
    PAYMENT_SANDBOX_SECRET: PAYMENT_SECRET,
    PAYMENT_SANDBOX_PENDING_SECONDS: '1',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_MAX: String(THROTTLE),
    RATE_LIMIT_WINDOW_SECONDS: String(THROTTLE_WINDOW_S),
  };
  const running: RunningPlatform[] = [];
  try {
    // One after the other: the first start creates DATA_DIR's keys, the second reads them.
    running.push(await startPlatform({ env }));
    running.push(await startPlatform({ env }));
  } catch (error) {
    for (const platform of running) await platform.stop();
    throw error;
  }
  const database = await openDatabase({ dataDir: folder, databaseUrl: target.toString() });
  return {
    urls: [running[0]!.url, running[1]!.url],
    database,
    close: async () => {
      for (const platform of running) await platform.stop();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function twoServersOnOnePglite(): Promise<Instances> {
  process.env.PAYMENT_SANDBOX_SECRET = PAYMENT_SECRET;
  process.env.PAYMENT_SANDBOX_PENDING_SECONDS = '1';
  const database = await testDatabase();
  const apps: FastifyInstance[] = [];
  for (let index = 0; index < 2; index += 1) {
    const config = testConfig(folder, {
      dataDir: folder,
      trustProxy: ['127.0.0.1'],
      requestThrottle: { max: THROTTLE, windowSeconds: THROTTLE_WINDOW_S },
    });
    apps.push(await createServer(config, { database, seed: false }));
  }
  const urls = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  return {
    urls: [urls[0]!, urls[1]!],
    database,
    close: async () => {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  instances = url ? await twoProcesses(url) : await twoServersOnOnePglite();
}, 240_000);
afterAll(async () => {
  await instances?.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * A browser (one cookie jar) behind the load balancer's proxy: each call names the instance it
 * lands on, and the proxy's X-Forwarded-For says who the client is.
 */
function browser(address: string) {
  const jar = new Map<string, string>();
  return (base: string): typeof fetch =>
    async (input, init = {}) => {
      const target = new URL(String(input), base);
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', address);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(target, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        const key = pair.slice(0, index).trim();
        const value = pair.slice(index + 1).trim();
        if (/max-age=0/i.test(line) || value === '') jar.delete(key);
        else jar.set(key, value);
      }
      return response;
    };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'Secret-123';

async function register(tab: typeof fetch, email: string) {
  const answer = await post(tab, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: PASSWORD,
    currency: 'EUR',
    terms: '1',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [row] = await instances.database.query<{ id: number }>(
    sql`select id from players where login = ${email}`,
  );
  return row!.id;
}

/** A card deposit of `amount` EUR paid on the sandbox page of the instance `tab` lands on. */
async function deposit(tab: typeof fetch, amount: string) {
  const made = await post(tab, 'cashier/makedeposit', { method: 'card', amount });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { url: page } = made.body.data as { url: string };
  const paid = await tab(page, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      action: 'pay',
    }),
  });
  expect(paid.status).toBeLessThan(400);
}

async function walletTotal(playerId: number): Promise<number> {
  const [row] = await instances.database.query<{ total: string }>(
    sql`select coalesce(sum(balance_minor), 0)::text as total from wallets
        where player_id = ${playerId}`,
  );
  return Number(row!.total);
}

async function until(read: () => Promise<number>, expected: number, ms = 20_000) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await sleep(100);
    value = await read();
  }
  return value;
}

const BETS = {
  'northstar-dice': { stake: 100, direction: 'over', target: 4999 },
  'northstar-european-roulette': { bets: [{ kind: 'red', stake: 100 }] },
  'northstar-sunny-lemons-rising': { stake: 100 },
} as const;

/**
 * Real-money rounds of one game: launched on one instance (its session token in the launch URL),
 * the rounds alternating between the instances. Answers the player's net (wins less stakes).
 */
async function playRounds(
  at: (index: number) => typeof fetch,
  first: number,
  game: keyof typeof BETS,
  rounds: number,
): Promise<number> {
  const launched = await at(first)(`/platform/game/${game}/play?mode=real`);
  expect(launched.status, game).toBe(302);
  const token = new URL(launched.headers.get('location')!, 'http://x').searchParams.get('token');
  expect(token, game).toBeTruthy();
  let net = 0;
  for (let round = 0; round < rounds; round += 1) {
    // The pace rule (UK RTS 14): 2.5 s between a result and the next round of a game.
    if (round > 0) await sleep(2_600);
    const response = await at(first + round)('/originals/api/play', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, game, currency: 'EUR', bet: BETS[game] }),
    });
    const body = (await response.json()) as { view: { win: number } };
    expect(response.status, `${game} round ${round}: ${JSON.stringify(body)}`).toBe(200);
    net += body.view.win - 100;
  }
  return net;
}

describe(
  url
    ? 'two platform processes on one PostgreSQL'
    : 'two platform servers on one PGlite, in one process',
  () => {
    it(
      'a session started on one instance carries on on the other; deposits and bets spread over both; the books balance',
      { timeout: 120_000 },
      async () => {
        const [a, b] = instances.urls;
        const players = await Promise.all(
          [1, 2].map(async (n) => {
            const tab = browser(`198.51.100.${n}`);
            const email = `instances-${n}-${randomBytes(3).toString('hex')}@example.com`;
            const id = await register(tab(a), email);
            return { id, email, at: (index: number) => tab(index % 2 === 0 ? a : b) };
          }),
        );

        // Signed up (and so signed in) on A; B knows the session from the cookie alone.
        for (const player of players) {
          const info = await get(player.at(1), 'account/getInfo');
          expect(info.status, JSON.stringify(info.body)).toBe(200);
          expect(info.body.data).toMatchObject({ uid: player.id });
        }

        // Four deposits of 50.00 EUR per player at once, two through each instance.
        await Promise.all(
          players.flatMap((player) => [0, 1, 2, 3].map((n) => deposit(player.at(n), '50'))),
        );
        for (const player of players) {
          expect(await until(() => walletTotal(player.id), 20_000)).toBe(20_000);
        }

        // Three games per player at once, each launched on one instance and played on both.
        const nets = await Promise.all(
          players.map(async (player) => {
            const games = Object.keys(BETS) as (keyof typeof BETS)[];
            const results = await Promise.all(
              games.map((game, index) => playRounds(player.at, index, game, 3)),
            );
            return results.reduce((sum, net) => sum + net, 0);
          }),
        );
        for (const [index, player] of players.entries()) {
          expect(await walletTotal(player.id)).toBe(20_000 + nets[index]!);
          const balance = await get(player.at(index), 'account/getBalance');
          expect(balance.status).toBe(200);
        }
        await expectBooksBalance(instances.database);
        const [moves] = await instances.database.query<{ bets: number }>(sql`
      select count(*)::int as bets from wallet_transactions
      where type = 'bet' and player_id in (${players[0]!.id}, ${players[1]!.id})`);
        expect(moves!.bets).toBe(2 * 3 * 3);
      },
    );

    it('counts an account’s failed sign-ins on both instances together', async () => {
      const [a, b] = instances.urls;
      const tab = browser('198.51.100.20');
      const email = `instances-limit-${randomBytes(3).toString('hex')}@example.com`;
      await register(tab(a), email);
      // Five wrong passwords, alternating instances, from five addresses: the account's budget.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await post(
          browser(`198.51.100.${30 + attempt}`)(attempt % 2 ? b : a),
          'auth/login',
          {
            login: email,
            password: 'Wrong-password-1',
          },
        );
        expect(wrong.status, `attempt ${attempt + 1}`).toBe(401);
      }
      for (const base of [a, b]) {
        const refused = await post(browser('198.51.100.40')(base), 'auth/login', {
          login: email,
          password: PASSWORD,
        });
        expect(refused.status, base).toBe(429);
        expect(refused.body.error?.type).toBe('TooManyRequestsException');
      }
    });

    it('counts an address’s requests on both instances against one throttle', async () => {
      const [a, b] = instances.urls;
      // Not across the end of a window (they are aligned on the clock).
      const left = THROTTLE_WINDOW_S * 1000 - (Date.now() % (THROTTLE_WINDOW_S * 1000));
      if (left < 30_000) await sleep(left + 1_000);
      const tab = browser('203.0.113.77');
      for (let batch = 0; batch < THROTTLE / 20; batch += 1) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, async (_, n) => {
            const response = await tab(n % 2 ? b : a)('/api/metadata/getgeneralinfo?v=2.34');
            await response.arrayBuffer();
            return response.status;
          }),
        );
        expect(statuses.filter((status) => status === 429)).toEqual([]);
      }
      // An instance sees what the other counted in memory within one flush interval
      // (BatchedThrottle): the budget is shared from then on.
      await sleep(THROTTLE_FLUSH_MS * 3);
      for (const base of [a, b]) {
        const refused = await tab(base)('/cms/menu-links');
        expect(refused.status, base).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Another address behind the same proxy is not affected.
      expect((await browser('203.0.113.78')(b)('/api/metadata/getgeneralinfo')).status).toBe(200);
    });
  },
);
