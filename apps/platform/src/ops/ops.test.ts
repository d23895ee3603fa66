import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** The operator's doors: health, readiness, metrics and the request id (issue "Run it like a real service"). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe('health and readiness', () => {
  it('/healthz answers while the process lives; /readyz once the database answers and is migrated', async () => {
    const health = await server.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('/readyz answers 503 while a shipped migration is not applied', async () => {
    const [last] = await server.database.query<{ id: number }>(
      sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    const [saved] = await server.database.query<Record<string, unknown>>(
      sql`select * from drizzle.__drizzle_migrations where id = ${last!.id}`,
    );
    await server.database.query(
      sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`,
    );
    try {
      const ready = await server.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'migrating' });
    } finally {
      await server.database.query(sql`
        insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${saved!.id as number}, ${saved!.hash as string}, ${saved!.created_at as string})`);
    }
    expect((await server.app.inject('/readyz')).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('every answer carries one; a client cannot choose it without a trusted proxy', async () => {
    const first = await server.app.inject('/healthz');
    const second = await server.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'mine' },
    });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe('mine');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('behind a trusted proxy, its X-Request-Id is kept', async () => {
    const proxied = await startTestServer({ config: { trustProxy: 1 } });
    try {
      const answer = await proxied.app.inject({
        url: '/healthz',
        headers: { 'x-request-id': 'lb-42.abc' },
      });
      expect(answer.headers['x-request-id']).toBe('lb-42.abc');
      const odd = await proxied.app.inject({
        url: '/healthz',
        headers: { 'x-request-id': 'bad id\\nwith newline' },
      });
      expect(odd.headers['x-request-id']).not.toContain('bad id');
    } finally {
      await proxied.close();
    }
  });
});

describe('metrics', () => {
  it('labels durations per /api method and per page route, with a bounded set of labels', async () => {
    await server.app.inject('/api/account/GETINFO?v=2.34&locale=en-US');
    await server.app.inject('/api/no-such/method-' + Date.now());
    await server.app.inject('/es-ES/gamehall?providers=atlas');
    await server.app.inject('/game/northstar-dice');
    await server.app.inject('/some/page/that/does/not/exist-' + Date.now());
    const text = (await server.app.inject('/metrics')).body;
    const routes = new Set(
      [...text.matchAll(/http_request_duration_seconds_count\{[^}]*route="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      ),
    );

    for (const label of [
      'api account/getInfo',
      'api unknown',
      'page gamehall',
      'page game',
      'page unknown',
    ]) {
      expect(routes, label).toContain(label);
    }
    expect([...routes].some((route) => route.includes('no-such') || route.includes('exist-'))).toBe(
      false,
    );
    expect(routes).not.toContain('unmatched');
  });

  const metric = (text: string, line: RegExp) =>
    Number(
      text
        .split('\n')
        .find((item) => line.test(item))
        ?.split(' ')
        .at(-1) ?? 'NaN',
    );

  it('Prometheus text: request durations per route, and the business counters move', async () => {
    const before = (await server.app.inject('/metrics')).body;
    const tab = server.browser();
    await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: `metrics-${Date.now()}@example.com`,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
    });
    await post(server.browser(), 'auth/login', {
      login: 'nobody@example.com',
      password: 'wrong-1',
    });
    const answer = await server.app.inject('/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="api auth\/register",status="200"\} \d+/,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    const registrations = /^northstar_registrations_total /;
    expect(metric(text, registrations)).toBe(metric(before, registrations) + 1);
    const failures = /^northstar_sign_ins_total\{door="api",outcome="failure"\}/;
    expect(metric(text, failures)).toBeGreaterThanOrEqual(1);
  });

  it('counts the raw queries of the database (db/client.ts reports through its observer hook)', async () => {
    const kind = server.database.kind;
    const count = new RegExp(`^db_query_duration_seconds_count\\{kind="${kind}"\\}`);
    const before = metric((await server.app.inject('/metrics')).body, count);
    await server.database.query(sql`select 1`);
    await server.database.query(sql`select 2`);
    const after = metric((await server.app.inject('/metrics')).body, count);
    expect(after - (Number.isNaN(before) ? 0 : before)).toBeGreaterThanOrEqual(2);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-for-the-test-0123456789';
    const guarded = await startTestServer({ config: { metricsToken: token } });
    try {
      expect((await guarded.app.inject('/metrics')).statusCode).toBe(401);
      const wrong = await guarded.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('security headers', () => {
  it('every answer carries them; HSTS only for an https public origin', async () => {
    for (const url of ['/healthz', '/api/account/getInfo?v=2.34', '/']) {
      const answer = await server.app.inject(url);
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy'], url).toContain('camera=()');
      expect(answer.headers['strict-transport-security'], url).toBeUndefined();
    }
    const secure = await startTestServer({ config: { publicUrl: 'https://casino.example' } });
    try {
      const answer = await secure.app.inject('/healthz');
      expect(answer.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await secure.close();
    }
  });
});
