import client from 'prom-client';
import type { DatabaseObserver } from '../db/client.ts';

/**
 * The platform's Prometheus metrics (`GET /metrics`, routes.ts): the process's own (event loop,
 * memory, GC), HTTP request durations per route and status, database query time and pool use,
 * and the business counters an operator watches. One registry for the process: counters are
 * module singletons, so every server in one process (tests start several) adds to the same ones.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const dbQueryDuration = new client.Histogram({
  name: 'db_query_duration_seconds',
  help: 'Duration of the raw queries of the money path (DatabaseHandle.query)',
  labelNames: ['kind'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const signIns = new client.Counter({
  name: 'northstar_sign_ins_total',
  help: 'Sign-in attempts by door and outcome (success, two_factor, failure, limited)',
  labelNames: ['door', 'outcome'] as const,
  registers: [registry],
});

export const registrations = new client.Counter({
  name: 'northstar_registrations_total',
  help: 'Accounts created',
  registers: [registry],
});

export const payments = new client.Counter({
  name: 'northstar_payments_total',
  help: 'Deposits and withdrawals by the status they reached',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
});

export const walletRequests = new client.Counter({
  name: 'northstar_wallet_requests_total',
  help: 'Seamless wallet requests (bet, win, rollback, balance) by answer status',
  labelNames: ['type', 'status'] as const,
  registers: [registry],
});

export const walletAmount = new client.Counter({
  name: 'northstar_wallet_amount_minor_total',
  help: 'Sum of accepted bets, wins and rollbacks, in minor units of the currency',
  labelNames: ['type', 'currency'] as const,
  registers: [registry],
});

export const webhooksRefused = new client.Counter({
  name: 'northstar_payment_webhooks_refused_total',
  help: 'Payment provider webhooks refused, by reason (signature, timestamp, payload)',
  labelNames: ['provider', 'reason'] as const,
  registers: [registry],
});

/** Pool use of every PostgreSQL pool the process opened (PGlite has none). */
const pools = new Set<{ totalCount: number; idleCount: number; waitingCount: number }>();
export function watchPool(pool: { totalCount: number; idleCount: number; waitingCount: number }) {
  pools.add(pool);
  return () => pools.delete(pool);
}
new client.Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/**
 * The database's query time and pool use, as the observer `db/client.ts` reports to
 * (`observeDatabase`, installed by server.ts): the kernel does not import ops/ (issue #23).
 */
export const databaseMetrics: DatabaseObserver = {
  queryStarted: (kind) => dbQueryDuration.startTimer({ kind }),
  poolOpened: (pool) => watchPool(pool),
};
