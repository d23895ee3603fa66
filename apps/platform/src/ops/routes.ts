import { readFileSync } from 'node:fs';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { redactUrl } from './logging.ts';
import { httpRequestDuration, registry } from './metrics.ts';
import { routeLabel } from './route-label.ts';

/** Probes a load balancer sends every few seconds: measured, never a log line each. */
const PROBES = new Set(['/healthz', '/readyz']);

/** How many migrations this build ships (drizzle's journal beside the SQL files). */
function shippedMigrations(): number {
  const journal = path.join(import.meta.dirname, '../db/migrations/meta/_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator's doors: `GET /healthz` (the process answers), `GET /readyz` (the database answers
 * and every shipped migration is applied; 503 otherwise), `GET /metrics` (Prometheus text;
 * a bearer token from METRICS_TOKEN when set, and required in production). Every answer carries
 * its request id, and the duration of every request is measured per route pattern.
 */
export function registerOpsRoutes(
  server: FastifyInstance,
  app: AppContext,
  options: { production: boolean },
): void {
  const migrations = shippedMigrations();

  server.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  server.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL (one series per route, not per game or id).
    const route = routeLabel(request);
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (PROBES.has(request.routeOptions.url ?? '') && reply.statusCode < 500) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    // The message reads on its own in demo mode's readable lines; the fields are for a shipper.
    const message = `${line.method} ${line.url} ${line.status} ${line.ms} ms`;
    if (reply.statusCode >= 500) request.log.error(line, message);
    else request.log.info(line, message);
  });

  server.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  server.get('/readyz', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await app.database.query(sql`select 1`);
      const [row] = await app.database.query<{ applied: number }>(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = row?.applied ?? 0;
      if (applied < migrations) {
        return reply.code(503).send({ status: 'migrating', applied, shipped: migrations });
      }
      return reply.send({ status: 'ready', migrations: applied });
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed: the database does not answer');
      return reply.code(503).send({ status: 'database_unavailable' });
    }
  });

  server.get('/metrics', async (request, reply) => {
    const token = app.config.metricsToken ?? null;
    if (token || options.production) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!token || !sameToken(given, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
      }
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
