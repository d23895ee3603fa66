/**
 * `pnpm bench:render`: the server render's throughput (printed, never asserted). Starts the
 * platform as the e2e suite does (tools/lib/platform-process.ts: its own port, a temporary data
 * folder, the built apps), then for each page (`/` and `/gamehall` by default) fires a fixed
 * number of requests from 20 concurrent clients and prints pages per second and the p50/p95
 * latency. Every answer is checked to be a 200 server-rendered page (`#ns-state` present), so a
 * render that fell back to the browser-only shell is not counted as a fast page.
 *
 * Needs the site built (`pnpm build`). `BENCH_REQUESTS` (default 300 a page, after 20 warm-up
 * requests), `BENCH_CONNECTIONS` (default 20) and `BENCH_PAGES` (`/,/gamehall`) change the load.
 */
import { startPlatform } from './lib/platform-process.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = 20;
const PAGES = (process.env.BENCH_PAGES ?? '/,/gamehall').split(',').filter(Boolean);

interface Figures {
  page: string;
  requests: number;
  pagesPerSecond: number;
  p50: number;
  p95: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One page request; the latency in ms, or an error when it is not a server-rendered 200. */
async function requestPage(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-language': 'en-US' } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (!body.includes('id="ns-state"')) throw new Error(`${url} was not server-rendered`);
  return elapsed;
}

/** `total` requests spread over `connections` clients that each send the next when answered. */
async function load(url: string, total: number, connections: number) {
  let next = 0;
  let failures = 0;
  let firstError: unknown;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        next++;
        try {
          latencies.push(await requestPage(url));
        } catch (error) {
          failures++;
          firstError ??= error;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (firstError) console.error(`  first failure on ${url}:`, firstError);
  return { seconds, latencies: latencies.sort((a, b) => a - b), failures };
}

const platform = await startPlatform();
try {
  const results: Figures[] = [];
  for (const page of PAGES) {
    const url = `${platform.url}${page}`;
    await load(url, WARMUP, Math.min(CONNECTIONS, WARMUP));
    const { seconds, latencies, failures } = await load(url, REQUESTS, CONNECTIONS);
    results.push({
      page,
      requests: REQUESTS,
      pagesPerSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      failures,
    });
  }
  console.log(
    `\nServer render, ${CONNECTIONS} concurrent clients, ${REQUESTS} requests a page (Node ${process.version}):`,
  );
  console.log('page          pages/s    p50 ms    p95 ms   failures');
  for (const row of results) {
    console.log(
      `${row.page.padEnd(12)} ${row.pagesPerSecond.toFixed(1).padStart(8)} ${row.p50
        .toFixed(0)
        .padStart(9)} ${row.p95.toFixed(0).padStart(9)} ${String(row.failures).padStart(10)}`,
    );
  }
} finally {
  await platform.stop();
}
