/**
 * What the benches in tools/ share (printed figures, never assertions): the PostgreSQL server
 * they run on, a database URL on it, the platform on it, a player with money, a signed game
 * provider, Server-Sent Events clients, pgbench beside them, the platform's CPU, quantiles.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { cpuProfileArgs } from './cpu-profile.ts';
import { freePort } from './platform-process.ts';
import { WORKSPACE_ROOT } from './run.ts';

/**
 * The server's admin URL: BENCH_DATABASE_URL, or Debian's PostgreSQL started through
 * tools/ci/start-postgres.sh (root only).
 */
export function benchAdminUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    execFileSync('bash', [path.join(WORKSPACE_ROOT, 'tools/ci/start-postgres.sh')], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!
  );
}

/** The URL of database `name` on the admin URL's server. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  return Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
}

/** CPU seconds (user + system) of a process so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** User + system CPU seconds in the text of a `/proc/<pid>/stat`. */
function statCpuSeconds(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds of every PostgreSQL process on this machine so far (the server the bench runs on
 * when it is local), from /proc: with `cpuSeconds` of the platform, where a request's CPU goes.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += statCpuSeconds(stat);
    } catch {
      // the process ended while being read
    }
  }
  return total;
}

/** The `q` quantile of sorted numbers (NaN for none). */
export function quantile(sorted: number[], q: number): number {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * A player with 10,000,000,000.00 EUR on the main balance, written as the ledger writes a deposit
 * (the wallet row and its ledger entry agree), straight into the bench's database.
 */
export async function moneyedPlayer(
  db: pg.Client,
  login: string,
  fakename: string | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into players (login, password_hash, currency, locale, fakename)
     values ($1, 'x', 'EUR', 'en-US', $2) returning id`,
    [login, fakename],
  );
  const id = rows[0]!.id;
  await db.query(
    `insert into wallets (player_id, kind, currency, balance_minor) values ($1, 'main', 'EUR', 1000000000000)`,
    [id],
  );
  await db.query(
    `insert into ledger_entries (player_id, kind, currency, amount_minor, balance_after_minor, reason, idempotency_key)
     values ($1, 'main', 'EUR', 1000000000000, 1000000000000, 'bench_deposit', $2)`,
    [id, `bench-deposit-${id}`],
  );
  return id;
}

/**
 * `count` Server-Sent Events clients of `path` on the platform at `port`, one socket each, in
 * this process. For each client: when (`clock`) each message id first arrived, of the messages of
 * `event` (any message with an id when not named). Resolves once every client is connected.
 */
export async function sseClients(options: {
  port: number;
  path: string;
  count: number;
  event?: string;
  clock?: () => number;
}): Promise<{ arrivals: Map<number, number>[]; close: () => void }> {
  const clock = options.clock ?? (() => performance.now());
  const arrivals: Map<number, number>[] = [];
  const sockets: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let connected = 0;
  await new Promise<void>((resolve, reject) => {
    for (let c = 0; c < options.count; c += 1) {
      const seen = new Map<number, number>();
      arrivals.push(seen);
      const request = http.get(
        { host: '127.0.0.1', port: options.port, path: options.path, agent },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`client: ${response.statusCode}`));
          connected += 1;
          if (connected === options.count) resolve();
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            const at = clock();
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const id = /^id: (\d+)$/m.exec(block);
              if (!id) continue;
              if (options.event && !new RegExp(`^event: ${options.event}$`, 'm').test(block)) {
                continue;
              }
              if (!seen.has(Number(id[1]))) seen.set(Number(id[1]), at);
            }
          });
        },
      );
      request.on('error', reject);
      sockets.push(request);
    }
  });
  return {
    arrivals,
    close: () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
    },
  };
}

/**
 * The platform on `databaseUrl`, on a free port, warnings only; resolves once it listens. The
 * bench kills it (SIGTERM) when done.
 */
export async function startBenchPlatform(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<{ child: ChildProcess; port: number }> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = await freePort();
  // BENCH_CPU_PROF=1: the platform writes a CPU profile when it stops (tools/lib/cpu-profile.ts).
  const profile = cpuProfileArgs(profileDirOf(options.dataDir));
  const child = spawn(process.execPath, [...profile, 'apps/platform/src/main.ts'], {
    cwd: WORKSPACE_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (/running on/.test(chunk.toString())) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code}`)));
  });
  return { child, port };
}

/** Where a bench platform on `dataDir` writes its CPU profile (BENCH_CPU_PROF=1). */
export const profileDirOf = (dataDir: string) => path.join(dataDir, 'cpu-profile');

/** Stops a bench platform (SIGTERM: it closes and exits, writing its CPU profile if asked). */
export async function stopBenchPlatform(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A game provider for the seamless wallet's signed API, written to `dataDir/providers.json`
 * (pass it as WALLET_PROVIDERS_FILE). Its key is RSA-1024, so that signing on this side of the
 * wire (one signature per call) does not become what is measured.
 */
export function benchProvider(dataDir: string): { providersFile: string; privateKey: KeyObject } {
  mkdirSync(dataDir, { recursive: true });
  const keys = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const providersFile = path.join(dataDir, 'providers.json');
  writeFileSync(
    providersFile,
    JSON.stringify([
      {
        id: 'bench',
        name: 'Bench provider',
        publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }),
        launchUrl: 'https://bench.example/launch',
        games: [{ code: 'bench_slot', name: 'Bench slot' }],
      },
    ]),
  );
  return { providersFile, privateKey: keys.privateKey };
}

/**
 * `pgbench -b tpcb-like` on database `url` (initialised at scale 10 first) with `clients` clients
 * for `seconds`: its transactions per second, the figure a bench is set beside.
 */
export function pgbenchTps(url: string, clients: number, seconds: number): number {
  execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), url],
    { encoding: 'utf8' },
  );
  return Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
}
