/**
 * Server benchmark (printed, never asserted): `GET /api/account/getBalance` for a signed-in
 * player on PostgreSQL, 50 connections for 20 s, beside a bare Fastify route in the same run that
 * does the same work with raw `pg` (tools/bench/bare-balance-server.ts). Prints throughput, p99
 * and the ratio (target ≥ 0.7 of the bare route).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres pnpm bench:api
 *
 * Without BENCH_DATABASE_URL it starts Debian's PostgreSQL through tools/ci/start-postgres.sh
 * (root only). BENCH_SECONDS and BENCH_CONNECTIONS change the load.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './lib/platform-process.ts';
import { WORKSPACE_ROOT } from './lib/run.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  execFileSync('bash', [path.join(WORKSPACE_ROOT, 'tools/ci/start-postgres.sh')], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1)!;

const name = `northstar_bench_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

function start(script: string, port: number, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: WORKSPACE_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
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
  children.push(await start('apps/platform/src/main.ts', platformPort, /running on/));
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

  const run = async (label: string, url: string) => {
    const check = await fetch(url, { headers: { cookie } });
    if (!check.ok) throw new Error(`${label} answered ${check.status}`);
    const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
    console.log(
      `  ${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}`,
    );
    return result.requests.average;
  };

  console.log(`\nGET balance, ${connections} connections, ${seconds} s each, PostgreSQL`);
  const bare = await run('bare Fastify + raw pg', `http://127.0.0.1:${barePort}/balance`);
  const api = await run(
    'platform /api/account/getBalance',
    `http://127.0.0.1:${platformPort}/api/account/getBalance?v=2.34&locale=en-US`,
  );
  console.log(`  ratio platform / bare: ${(api / bare).toFixed(2)} (target ≥ 0.70)`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
