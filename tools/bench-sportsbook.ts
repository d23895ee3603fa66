/**
 * Sportsbook benchmark (issue #29; printed, never asserted), on PostgreSQL, one platform instance
 * with the sandbox feed:
 *
 * 1. **Placement**: `BENCH_CONNECTIONS` (20) connections `POST /api/sportsbook/place` for
 *    `BENCH_SECONDS` (20), singles and three-leg accumulators in turn on open prematch prices,
 *    each a new request id, for `PLAYERS` signed-in players with money; then `pgbench -b
 *    tpcb-like` with as many clients for as long on the same server. Prints bets per second, the
 *    p99, what was refused, pgbench's transactions per second and the ratio.
 * 2. **Odds fan-out**: `BENCH_CLIENTS` (1,000) Server-Sent Events clients of
 *    `/platform/sportsbook/stream` (every change) while the feed plays `BENCH_FEED_SPEED` (60)
 *    times faster than real time for `BENCH_SECONDS`. Prints the median and 99th percentile of the
 *    delay from a change's row (`sb_changes.created_at`: the start of the ingest transaction that
 *    wrote it, so the figure includes that transaction) to its arrival at each client, and the
 *    platform's CPU use. The clients run in this process, one socket each.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres pnpm bench:sportsbook
 *
 * Without BENCH_DATABASE_URL it starts Debian's PostgreSQL through tools/ci/start-postgres.sh
 * (root only).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchAdminUrl,
  cpuSeconds,
  databaseUrlOf,
  moneyedPlayer,
  pgbenchTps,
  quantile,
  sseClients,
  startBenchPlatform,
} from './lib/bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const clients = Number(process.env.BENCH_CLIENTS ?? 1000);
const feedSpeed = Number(process.env.BENCH_FEED_SPEED ?? 60);
const PLAYERS = 100;

const adminUrl = benchAdminUrl();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const urlOf = (db: string) => databaseUrlOf(adminUrl, db);

/** A platform on a new database of its own. */
async function startPlatform(name: string, env: Record<string, string>) {
  await admin.query(`create database ${name}`);
  const { child, port } = await startBenchPlatform({
    databaseUrl: urlOf(name),
    dataDir: `/tmp/${name}`,
    // The bench drives /api from one address far faster than players would.
    env: { RATE_LIMIT_MAX: '100000000', ...env },
  });
  return { child, port, db: urlOf(name) };
}

/** Waits until the sandbox feed has filled the book. */
async function bookReady(db: pg.Client, events: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from sb_events where status = 'prematch'`,
    );
    if (rows[0]!.n >= events) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the sandbox feed filled no book in a minute');
}

const platforms: ChildProcess[] = [];
const databases: string[] = [];
const closers: (() => void)[] = [];
try {
  // ---------------------------------------------------------------------------- 1. placement
  const name = `northstar_book_${randomBytes(3).toString('hex')}`;
  const pgbenchName = `${name}_pgbench`;
  databases.push(name, pgbenchName);
  await admin.query(`create database ${pgbenchName}`);
  const book = await startPlatform(name, {});
  platforms.push(book.child);
  const db = new pg.Client({ connectionString: book.db });
  await db.connect();
  await bookReady(db, 20);

  // Players with plenty of money and a session each (the cookie's token; the row keeps its hash).
  const cookies: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await moneyedPlayer(db, `book${i}@example.com`);
    const token = randomBytes(24).toString('base64url');
    await db.query(
      `insert into sessions (id, player_id, expires_at) values ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), id],
    );
    await db.query(
      `insert into sb_player_settings (player_id, odds_change) values ($1, 'any') on conflict do nothing`,
      [id],
    );
    cookies.push(`ns_session=${token}`);
  }

  // Open prices of events that start in more than an hour (their prices hold still at speed 1),
  // the main market's first outcome of each.
  const { rows: prices } = await db.query<{ id: number; odds: number }>(
    `select distinct on (e.id) o.id, o.odds
       from sb_events e join sb_markets m on m.event_id = e.id join sb_outcomes o on o.market_id = m.id
      where e.status = 'prematch' and e.kind = 'match' and e.starts_at > now() + interval '1 hour'
        and m.status = 'open' and o.status = 'open' and o.odds is not null
      order by e.id, m.id, o.id`,
  );
  if (prices.length < 3) throw new Error(`only ${prices.length} open prices`);
  const text = (odds: number) => (odds / 1000).toFixed(2);

  let sequence = 0;
  const place = () => {
    sequence += 1;
    const accumulator = sequence % 2 === 0;
    const legs = accumulator
      ? [0, 1, 2].map((k) => prices[(sequence + k) % prices.length]!)
      : [prices[sequence % prices.length]!];
    const body = new URLSearchParams({
      request_id: `bench-${sequence}-${randomBytes(4).toString('hex')}`,
      kind: accumulator ? 'accumulator' : 'single',
      selections: legs.map((leg) => `${leg.id}@${text(leg.odds)}`).join(','),
      stake: '1',
    }).toString();
    return {
      method: 'POST' as const,
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-app-client': 'web/2.34',
        cookie: cookies[sequence % cookies.length]!,
      },
    };
  };
  const url = `http://127.0.0.1:${book.port}/api/sportsbook/place?v=2.34&locale=en-US`;
  const check = await fetch(url, place());
  if (check.status !== 200)
    throw new Error(`a placement answered ${check.status}: ${await check.text()}`);

  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, ...place() }) }],
    });
  await run(3); // warm
  const { rows: before } = await db.query<{ n: number }>(`select count(*)::int as n from sb_bets`);
  const result = await run(seconds);
  const { rows: after } = await db.query<{ n: number }>(`select count(*)::int as n from sb_bets`);
  const placed = after[0]!.n - before[0]!.n;
  await db.end();

  const tps = pgbenchTps(urlOf(pgbenchName), connections, seconds);
  book.child.kill('SIGTERM');

  const perSecond = placed / seconds;
  console.log(
    `\nSportsbook placement, ${connections} connections, ${seconds} s, PostgreSQL (singles and 3-leg accumulators in turn)`,
  );
  console.log(
    `  POST /api/sportsbook/place  ${perSecond.toFixed(0).padStart(7)} bets/s   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
  );
  console.log(`  pgbench -b tpcb-like        ${tps.toFixed(0).padStart(7)} tps`);
  console.log(`  ratio bets / pgbench: ${(perSecond / tps).toFixed(2)}`);

  // ----------------------------------------------------------------------------- 2. fan-out
  const liveName = `northstar_odds_${randomBytes(3).toString('hex')}`;
  databases.push(liveName);
  const live = await startPlatform(liveName, { SPORTSBOOK_FEED_SPEED: String(feedSpeed) });
  platforms.push(live.child);
  const liveDb = new pg.Client({ connectionString: live.db });
  await liveDb.connect();
  await bookReady(liveDb, 20);
  const { rows: latest } = await liveDb.query<{ seq: string }>(
    `select coalesce(max(seq), 0)::text as seq from sb_changes`,
  );

  // The clients: one socket each; the wall-clock time each batch first arrived (the database's
  // clock is the same machine's).
  const watching = await sseClients({
    port: live.port,
    path: `/platform/sportsbook/stream?after=${latest[0]!.seq}`,
    count: clients,
    event: 'changes',
    clock: () => Date.now(),
  });
  closers.push(watching.close);
  const arrivals = watching.arrivals;
  const cpuBefore = cpuSeconds(live.child.pid!);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu = cpuSeconds(live.child.pid!) - cpuBefore;
  watching.close();

  const ids = [...new Set(arrivals.flatMap((seen) => [...seen.keys()]))].map(String);
  const { rows: written } = await liveDb.query<{ seq: string; at: number }>(
    `select seq::text, (extract(epoch from created_at) * 1000)::float8 as at from sb_changes where seq = any($1::bigint[])`,
    [ids],
  );
  await liveDb.end();
  const writtenAt = new Map(written.map((row) => [Number(row.seq), Number(row.at)]));
  const delays: number[] = [];
  for (const seen of arrivals) {
    for (const [id, at] of seen) {
      const from = writtenAt.get(id);
      if (from !== undefined) delays.push(Math.max(0, at - from));
    }
  }
  delays.sort((a, b) => a - b);
  console.log(
    `\nOdds fan-out: ${clients} SSE clients on one instance, the sandbox feed at ${feedSpeed}× for ${seconds} s, PostgreSQL`,
  );
  console.log(
    `  batches sent                ${ids.length} (${(delays.length / clients).toFixed(0)} per client)`,
  );
  console.log(
    `  change → client             median ${quantile(delays, 0.5).toFixed(0)} ms   p99 ${quantile(delays, 0.99).toFixed(0)} ms   (${delays.length} batch×client pairs)`,
  );
  console.log(`  platform CPU                ${((cpu / seconds) * 100).toFixed(0)} % of one core`);
} finally {
  for (const close of closers) close();
  for (const child of platforms) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
