/**
 * Live leaderboard fan-out benchmark (issue #27; printed, never asserted): ONE platform instance
 * on PostgreSQL, `BENCH_VIEWERS` (1,000) Server-Sent Events viewers of one tournament's live
 * stream (`GET /platform/tournaments/:id/live`), while `BENCH_RATE` (50) rounds a second are bet
 * through the signed seamless wallet for `BENCH_SECONDS` (20). Prints the median and 99th
 * percentile of the delay from a round's commit to the first leaderboard event that includes it,
 * as every viewer sees it, and the platform process's CPU use.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres pnpm bench:leaderboard
 *
 * How a round is matched to its event: the tournament (automatic entry, scoring `rounds`, the
 * bench's game only) raises its revision once per counted round, so the k-th round counted is in
 * every event of revision ≥ k (plus the revisions before the first round). Rounds are numbered
 * by when their bet's answer came back, which is after their commit: the figure is therefore a
 * little SHORTER than the true commit-to-event delay by the answer's trip (well under a
 * millisecond on the loopback), and the order of answers may differ from the consumer's order
 * (publishing transaction id) by a few rounds under load. The viewers run in this process (one
 * socket each) beside the load; its CPU is printed apart.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, sign } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import {
  benchAdminUrl,
  benchProvider,
  cpuSeconds,
  databaseUrlOf,
  moneyedPlayer,
  quantile,
  sseClients,
  startBenchPlatform,
} from './lib/bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const viewers = Number(process.env.BENCH_VIEWERS ?? 1000);
const rate = Number(process.env.BENCH_RATE ?? 50);
const PLAYERS = 100;

const adminUrl = benchAdminUrl();

const name = `northstar_board_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const urlOf = (db: string) => databaseUrlOf(adminUrl, db);
const dataDir = `/tmp/${name}`;
mkdirSync(dataDir, { recursive: true });

const { providersFile, privateKey } = benchProvider(dataDir);

let platform: ChildProcess | null = null;
let closeViewers: (() => void) | null = null;
try {
  const running = await startBenchPlatform({
    databaseUrl: urlOf(name),
    dataDir,
    env: { WALLET_PROVIDERS_FILE: providersFile },
  });
  platform = running.child;
  const port = running.port;

  // Players with plenty of money and a live session each, and the tournament (automatic entry:
  // every player's first counted round enters them), as an operator's staff call would make it.
  const db = new pg.Client({ connectionString: urlOf(name) });
  await db.connect();
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await moneyedPlayer(db, `board${i}@example.com`, `Bench${i}`);
    const token = randomBytes(18).toString('base64url');
    await db.query(
      `insert into game_sessions (token, player_id, provider_id, game_code, currency, mode, expires_at)
       values ($1, $2, 'bench', 'bench_slot', 'EUR', 'real', now() + interval '1 day')`,
      [token, id],
    );
    tokens.push(token);
  }
  const { rows: created } = await db.query<{ id: number; revision: string }>(
    `insert into tournaments (title, starts_at, ends_at, currency, scoring, games, prizes, entry)
     values ('Bench Cup', now() - interval '1 minute', now() + interval '1 day', 'EUR', 'rounds',
             '["bench_slot"]'::jsonb, '[]'::jsonb, 'auto')
     returning id, revision::text`,
  );
  const tournament = created[0]!.id;
  const baseRevision = Number(created[0]!.revision);
  await db.end();

  // The viewers: one socket each; the time each revision first arrived.
  const viewing = await sseClients({
    port,
    path: `/platform/tournaments/${tournament}/live`,
    count: viewers,
  });
  closeViewers = viewing.close;
  const seen = viewing.arrivals;

  const betUrl = `http://127.0.0.1:${port}/wallet/v1/transaction/bet`;
  let sequence = 0;
  const answered: number[] = [];
  const failures: string[] = [];
  const bet = async () => {
    sequence += 1;
    const body = JSON.stringify({
      request_uuid: `r${sequence}`,
      token: tokens[sequence % tokens.length],
      game_code: 'bench_slot',
      currency: 'EUR',
      transaction_uuid: `board-${sequence}-${randomBytes(4).toString('hex')}`,
      round: `round-${sequence}`,
      round_closed: true,
      amount: 100,
    });
    const response = await fetch(betUrl, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-wallet-provider': 'bench',
        'x-wallet-signature': sign('sha256', Buffer.from(body), privateKey).toString('base64'),
      },
    });
    const answer = (await response.json()) as { status: string };
    if (answer.status === 'RS_OK') answered.push(performance.now());
    else failures.push(answer.status);
  };

  const cpuBefore = cpuSeconds(platform.pid!);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  // An even rate: one bet every 1000/rate ms, whatever the answers' time.
  await new Promise<void>((resolve) => {
    const total = Math.round(rate * seconds);
    let sent = 0;
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate) - sent;
      for (let i = 0; i < due && sent < total; i += 1, sent += 1) inFlight.push(bet());
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  // The last rounds' events: wait until every viewer has the last revision (or 10 s).
  const last = baseRevision + answered.length;
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && seen.some((m) => ![...m.keys()].some((r) => r >= last))) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(platform.pid!) - cpuBefore;
  const own = process.cpuUsage(ownBefore);

  answered.sort((a, b) => a - b);
  const delays: number[] = [];
  let missed = 0;
  for (const arrivals of seen) {
    const events = [...arrivals.entries()].sort((a, b) => a[0] - b[0]);
    let e = 0;
    answered.forEach((at, index) => {
      const revision = baseRevision + index + 1;
      while (e < events.length && events[e]![0] < revision) e += 1;
      if (e >= events.length) {
        missed += 1;
        return;
      }
      // Coalesced events: the first event at or after this round's revision includes it.
      delays.push(Math.max(0, events[e]![1] - at));
    });
  }
  delays.sort((a, b) => a - b);
  const events = seen.reduce((sum, m) => sum + m.size, 0);

  console.log(
    `\nLive leaderboard fan-out: ${viewers} SSE viewers on one instance, ${rate} rounds/s for ${seconds} s, PostgreSQL`,
  );
  console.log(`  rounds committed            ${answered.length} (${failures.length} refused)`);
  console.log(
    `  events delivered            ${events} (${(events / viewers).toFixed(0)} per viewer: bursts are coalesced)`,
  );
  console.log(
    `  commit → leaderboard event  median ${quantile(delays, 0.5).toFixed(0)} ms   p99 ${quantile(delays, 0.99).toFixed(0)} ms   (${delays.length} round×viewer pairs, ${missed} not seen)`,
  );
  console.log(
    `  platform CPU                ${cpu.toFixed(1)} s in ${elapsed.toFixed(1)} s = ${((cpu / elapsed) * 100).toFixed(0)} % of one core`,
  );
  console.log(
    `  this process (viewers+load) ${((own.user + own.system) / 1e6).toFixed(1)} s CPU; machine cores: ${(await import('node:os')).cpus().length}`,
  );
} finally {
  closeViewers?.();
  platform?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
