/**
 * Seamless wallet benchmark (printed, never asserted): signed `POST /wallet/v1/transaction/bet`
 * on PostgreSQL, `BENCH_CONNECTIONS` (50) connections for `BENCH_SECONDS` (20), beside
 * `pgbench -b tpcb-like` with as many clients on the same server in the same run. Prints bets per
 * second, p99 and the ratio to pgbench's transactions per second (target ≥ 1.2, issue #13;
 * stack-notes.md shows where the time goes).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres pnpm bench:wallet
 *
 * Without BENCH_DATABASE_URL it starts Debian's PostgreSQL through tools/ci/start-postgres.sh
 * (root only). The bench provider's key is RSA-1024 so that signing on this side of the wire
 * (one signature per bet) does not become what is measured. `BENCH_CPU_PROF=1` also prints where
 * the platform's CPU went during the measured bets (tools/lib/cpu-profile.ts; the profiler costs
 * a few per cent of the throughput, so take the bets/s of a run without it).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, sign } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchAdminUrl,
  benchProvider,
  cpuSeconds,
  databaseUrlOf,
  moneyedPlayer,
  pgbenchTps,
  postgresCpuSeconds,
  profileDirOf,
  startBenchPlatform,
  stopBenchPlatform,
} from './lib/bench.ts';
import { printCpuProfile } from './lib/cpu-profile.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PLAYERS = 200;
const adminUrl = benchAdminUrl();

const name = `northstar_wallet_${randomBytes(3).toString('hex')}`;
const pgbenchName = `${name}_pgbench`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.query(`create database ${pgbenchName}`);
const urlOf = (db: string) => databaseUrlOf(adminUrl, db);
const dataDir = `/tmp/${name}`;
mkdirSync(dataDir, { recursive: true });

const { providersFile, privateKey } = benchProvider(dataDir);

let platform: ChildProcess | null = null;
try {
  const started = await startBenchPlatform({
    databaseUrl: urlOf(name),
    dataDir,
    // One database connection per client, as pgbench has (the platform's default pool is 20).
    env: { WALLET_PROVIDERS_FILE: providersFile, DATABASE_POOL_MAX: String(connections) },
  });
  platform = started.child;
  const port = started.port;

  // Players with plenty of money and a live session each.
  const db = new pg.Client({ connectionString: urlOf(name) });
  await db.connect();
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await moneyedPlayer(db, `bench${i}@example.com`);
    const token = randomBytes(18).toString('base64url');
    await db.query(
      `insert into game_sessions (token, player_id, provider_id, game_code, currency, mode, expires_at)
       values ($1, $2, 'bench', 'bench_slot', 'EUR', 'real', now() + interval '1 day')`,
      [token, id],
    );
    tokens.push(token);
  }
  await db.end();

  let sequence = 0;
  const bet = () => {
    sequence += 1;
    const body = JSON.stringify({
      request_uuid: `r${sequence}`,
      token: tokens[sequence % tokens.length],
      game_code: 'bench_slot',
      currency: 'EUR',
      transaction_uuid: `bench-${sequence}-${randomBytes(4).toString('hex')}`,
      round: `round-${sequence}`,
      round_closed: true,
      amount: 100,
    });
    return {
      method: 'POST' as const,
      body,
      headers: {
        'content-type': 'application/json',
        'x-wallet-provider': 'bench',
        'x-wallet-signature': sign('sha256', Buffer.from(body), privateKey).toString('base64'),
      },
    };
  };
  const url = `http://127.0.0.1:${port}/wallet/v1/transaction/bet`;
  const check = await fetch(url, bet());
  const first = (await check.json()) as { status: string };
  if (first.status !== 'RS_OK') throw new Error(`a bet answered ${first.status}`);

  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, ...bet() }) }],
    });
  await run(3); // warm
  const measuredAt = Date.now();
  const cpuBefore = {
    platform: cpuSeconds(platform.pid!),
    postgres: postgresCpuSeconds(),
    client: process.cpuUsage(),
  };
  const result = await run(seconds);
  const cpu = {
    platform: cpuSeconds(platform.pid!) - cpuBefore.platform,
    postgres: postgresCpuSeconds() - cpuBefore.postgres,
    client: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpuBefore.client)),
  };
  const runSeconds = (Date.now() - measuredAt) / 1000;
  // Stopped before pgbench runs, so that a CPU profile (BENCH_CPU_PROF=1) ends with the run.
  await stopBenchPlatform(platform);
  const measuredMs = Date.now() - measuredAt;

  // pgbench on the same server, as many clients, as long.
  const tps = pgbenchTps(urlOf(pgbenchName), connections, seconds);

  const bets = result.requests.average;
  console.log(`\nSeamless wallet bets, ${connections} connections, ${seconds} s, PostgreSQL`);
  console.log(
    `  POST /wallet/v1/transaction/bet  ${bets.toFixed(0).padStart(7)} bets/s   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );
  console.log(`  pgbench -b tpcb-like            ${tps.toFixed(0).padStart(7)} tps`);
  console.log(`  ratio wallet / pgbench: ${(bets / tps).toFixed(2)} (target ≥ 1.20)`);
  // Where a bet's CPU goes on this machine: the platform, PostgreSQL, and this bench (autocannon
  // and the provider's signature of each bet), which shares the 2 cores with them.
  const perBet = (cpuSeconds: number) => ((1e6 * cpuSeconds) / result.requests.total).toFixed(0);
  const cores = (cpuSeconds: number) => (cpuSeconds / runSeconds).toFixed(2);
  console.log(
    `  CPU per bet: platform ${perBet(cpu.platform)} µs, PostgreSQL ${perBet(cpu.postgres)} µs, ` +
      `bench client ${perBet(cpu.client)} µs (cores busy: ${cores(cpu.platform)}, ` +
      `${cores(cpu.postgres)}, ${cores(cpu.client)})`,
  );
  printCpuProfile(profileDirOf(dataDir), 'the platform during the measured bets', measuredMs);
} finally {
  if (platform) await stopBenchPlatform(platform);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`drop database if exists ${pgbenchName} with (force)`);
  await admin.end();
}
