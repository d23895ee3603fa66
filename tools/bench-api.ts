/**
 * Server benchmark (printed, never asserted): `GET /api/account/getBalance` for a signed-in
 * player on PostgreSQL, 50 connections for 20 s, beside a bare Fastify route in the same run that
 * does the same work with raw `pg` (tools/bench/bare-balance-server.ts). Prints throughput, p99
 * and the ratio (target ≥ 0.8 of the bare route, issue #28). All are warmed, then measured in
 * alternating rounds (`seconds` split in four per side), and the medians compared.
 *
 * The platform runs twice: as it ships, with the general throttle counting every request (its
 * budget raised out of the bench's way, RATE_LIMIT_MAX: the default 600 a minute per address
 * would answer the bench 429), and with the throttle off (RATE_LIMIT_MAX=0), so the throttle's
 * cost is printed apart.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres pnpm bench:api
 *
 * Without BENCH_DATABASE_URL it starts Debian's PostgreSQL through tools/ci/start-postgres.sh
 * (root only). BENCH_SECONDS and BENCH_CONNECTIONS change the load. `BENCH_CPU_PROF=1` also prints
 * where the shipped platform's CPU went during the rounds (tools/lib/cpu-profile.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchAdminUrl, databaseUrlOf, profileDirOf, stopBenchPlatform } from './lib/bench.ts';
import { cpuProfileArgs, printCpuProfile } from './lib/cpu-profile.ts';
import { freePort } from './lib/platform-process.ts';
import { WORKSPACE_ROOT } from './lib/run.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The measured time is split into this many alternating rounds per side. */
const ROUNDS = 4;
const adminUrl = benchAdminUrl();

const name = `northstar_bench_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = databaseUrlOf(adminUrl, name);
const profileDir = profileDirOf(`/tmp/${name}`);

function start(
  script: string,
  port: number,
  ready: RegExp,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: WORKSPACE_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Request lines as production writes them (JSON), not demo mode's readable ones, whose
      // formatting ran in the platform's thread (pino-pretty: 4 % of its CPU here).
      LOG_FORMAT: 'json',
      DATABASE_URL: databaseUrl,
      DATA_DIR: `/tmp/${name}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (ready.test(chunk.toString())) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const children: ChildProcess[] = [];
try {
  const platformPort = await freePort();
  // Counting every request, as it ships, with a budget the bench never reaches.
  children.push(
    await start(
      'apps/platform/src/main.ts',
      platformPort,
      /running on/,
      { RATE_LIMIT_MAX: '100000000' },
      cpuProfileArgs(profileDir),
    ),
  );
  const unthrottledPort = await freePort();
  children.push(
    await start('apps/platform/src/main.ts', unthrottledPort, /running on/, {
      RATE_LIMIT_MAX: '0',
    }),
  );
  const barePort = await freePort();
  children.push(await start('tools/bench/bare-balance-server.ts', barePort, /bare server ready/));

  const form = new FormData();
  form.append('login', 'demo@northstar.test');
  form.append('password', 'NorthstarDemo1');
  const login = await fetch(`http://127.0.0.1:${platformPort}/api/auth/login?v=2.34&locale=en-US`, {
    method: 'POST',
    body: form,
    headers: { 'X-App-Client': 'web/2.34' },
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

  const measure = async (url: string, duration: number) => {
    const check = await fetch(url, { headers: { cookie } });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
    return autocannon({ url, connections, duration, headers: { cookie } });
  };
  const targets = [
    { label: 'bare Fastify + raw pg', url: `http://127.0.0.1:${barePort}/balance` },
    {
      label: 'platform getBalance',
      url: `http://127.0.0.1:${platformPort}/api/account/getBalance?v=2.34&locale=en-US`,
    },
    {
      label: 'platform getBalance, no throttle',
      url: `http://127.0.0.1:${unthrottledPort}/api/account/getBalance?v=2.34&locale=en-US`,
    },
  ];

  // Warm both (JIT, pools, PostgreSQL's caches), then alternate short rounds so that drift on
  // this shared machine (other load, CPU clocks, autovacuum) falls on both sides alike.
  for (const target of targets) await measure(target.url, 3);
  const slice = Math.max(2, Math.round(seconds / ROUNDS));
  const measuredAt = Date.now();
  const results = targets.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = targets.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) results[index]!.push(await measure(targets[index]!.url, slice));
  }

  // The platform as it ships stops here, so that its CPU profile (BENCH_CPU_PROF=1) ends with
  // the rounds (it was busy in a third of them: the profile counts its busy time only).
  await stopBenchPlatform(children[0]!);
  const measuredMs = Date.now() - measuredAt;

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  console.log(
    `\nGET balance, ${connections} connections, ${ROUNDS} alternating rounds of ${slice} s each, PostgreSQL`,
  );
  const throughput = results.map((rounds, index) => {
    const rps = median(rounds.map((r) => r.requests.average));
    const p99 = median(rounds.map((r) => r.latency.p99));
    const errors = rounds.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    const spread = rounds.map((r) => r.requests.average.toFixed(0)).join(' ');
    console.log(
      `  ${targets[index]!.label.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s (median; rounds ${spread})   p99 ${String(p99).padStart(4)} ms   errors ${errors}`,
    );
    return rps;
  });
  const ratioTo = (index: number) =>
    median(results[index]!.map((r, i) => r.requests.average / results[0]![i]!.requests.average));
  console.log(
    `  ratio platform / bare: ${(throughput[1]! / throughput[0]!).toFixed(2)} (median of rounds ${ratioTo(1).toFixed(2)}; target ≥ 0.80)`,
  );
  console.log(
    `  ratio platform without the throttle / bare: ${(throughput[2]! / throughput[0]!).toFixed(2)} (median of rounds ${ratioTo(2).toFixed(2)})`,
  );
  console.log(
    `  the throttle's cost: ${(100 * (1 - throughput[1]! / throughput[2]!)).toFixed(1)} % of the throughput`,
  );
  printCpuProfile(profileDir, 'the platform (as it ships) during the rounds', measuredMs);
} finally {
  await Promise.all(children.map((child) => stopBenchPlatform(child)));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
