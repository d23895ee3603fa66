import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_TYPE_NAMES } from '@northstar/errors';
import type { PlatformConfig } from './config.ts';
import { createServer } from './server.ts';
import type { DatabaseHandle } from './db/client.ts';
import { testDatabase } from './testing/test-database.ts';
import { testConfig } from './testing/test-server.ts';

/** A folder shaped like `apps/` after a build: a shell dist and two remote dists. */
function fakeApps(root: string) {
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  write(path.join(root, 'shell/dist/main.0123456789.js'), 'console.log("shell")');
  for (const remote of ['casino', 'cashier']) {
    write(path.join(root, `${remote}/dist/mf-manifest.json`), '{"id":"' + remote + '"}');
    write(path.join(root, `${remote}/dist/remoteEntry.abcdef0123.js`), '/* entry */');
  }
  // A build's precompressed asset: the `.gz` differs from what the server would make itself.
  const big = `/* vendor */ ${'export const x = 1;\n'.repeat(400)}`;
  write(path.join(root, 'shell/dist/vendor.0123456789.js'), big);
  writeFileSync(
    path.join(root, 'shell/dist/vendor.0123456789.js.gz'),
    gzipSync(`${big}/* from the .gz */`),
  );
}

describe('platform web server', () => {
  let folder: string;
  let app: FastifyInstance;
  let remotesFile: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await testDatabase();
    folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-platform-'));
    fakeApps(path.join(folder, 'apps'));
    remotesFile = path.join(folder, 'remotes.json');
    app = await createServer(testConfig(folder), { database, seed: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('derives /remotes.json from the built remotes, uncached', async () => {
    const response = await app.inject('/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      casino: '/remotes/casino/mf-manifest.json',
      cashier: '/remotes/cashier/mf-manifest.json',
    });
  });

  it('serves REMOTES_FILE as /remotes.json, dropping unknown remotes', async () => {
    writeFileSync(
      remotesFile,
      JSON.stringify({ casino: 'https://cdn.example/casino/mf-manifest.json', evil: 'x' }),
    );
    const withFile = await createServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: path.join(folder, 'data'),
        remotesFile,
        appsDir: path.join(folder, 'apps'),
        databaseUrl: null,
      },
      { database, seed: false },
    );
    try {
      const response = await withFile.inject('/remotes.json');
      expect(response.json()).toEqual({ casino: 'https://cdn.example/casino/mf-manifest.json' });
    } finally {
      await withFile.close();
    }
  });

  it('serves a remote dist with the right cache rules', async () => {
    const manifest = await app.inject('/remotes/casino/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await app.inject('/remotes/casino/remoteEntry.abcdef0123.js');
    expect(entry.headers['cache-control']).toContain('immutable');
    const missing = await app.inject('/remotes/casino/nope.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  it('serves a build’s .gz as it is to gzip clients, the plain file to others', async () => {
    const gzipped = await app.inject({
      url: '/vendor.0123456789.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gzipped.rawPayload).toString()).toMatch(/\/\* from the \.gz \*\/$/);
    const plain = await app.inject({
      url: '/vendor.0123456789.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).not.toContain('from the .gz');
  });

  it('keeps the signed-in hint in step with the session cookie on page loads', async () => {
    const hintOf = (answer: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat((answer.headers['set-cookie'] as string | string[]) ?? [])
        .find((line) => line.startsWith('ns_signed_in='));
    // A session from before the hint existed gets it; a hint without a session goes.
    expect(hintOf(await app.inject({ url: '/', cookies: { ns_session: 'x' } }))).toMatch(
      /^ns_signed_in=1;/,
    );
    expect(hintOf(await app.inject({ url: '/', cookies: { ns_signed_in: '1' } }))).toMatch(
      /^ns_signed_in=;/,
    );
    expect(hintOf(await app.inject('/'))).toBeUndefined();
  });

  it('answers a missing file with 404, never the HTML page', async () => {
    for (const url of ['/og/missing.png', '/main.ffffffffff.js?x=1', '/icons/none.svg']) {
      const answer = await app.inject(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).not.toContain('text/html');
    }
    // Pages still get the shell.
    expect((await app.inject('/about')).headers['content-type']).toContain('text/html');
  });

  it('answers /api/* with a typed JSON error, never the HTML page', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/account/noSuchMethod?v=2.34' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toMatchObject({
        type: 'MethodNotFoundException',
        code: 'method_not_found',
      });
    }
  });

  it('redirects the default locale prefix with 301, keeping the query', async () => {
    const response = await app.inject('/en-US/gamehall?tab=new');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/gamehall?tab=new');
  });

  it('answers every page path with the shell, uncached', async () => {
    for (const url of ['/', '/es-ES/gamehall', '/about', '/promotions/visa']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await app.inject('/main.0123456789.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('refuses a body over 1 MB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
  });
});

/** A real server over HTTP on its own database and built apps, with some settings changed. */
async function listening(settings: Partial<PlatformConfig>) {
  const database = await testDatabase();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-platform-'));
  fakeApps(path.join(folder, 'apps'));
  const app = await createServer(
    testConfig(folder, {
      ...settings,
    }),
    { database, seed: false },
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe('client addresses: TRUST_PROXY', () => {
  /** A failed sign-in (an unknown account each time, so only the address budget fills up). */
  async function failedSignIn(url: string, attempt: number, forwardedFor: string) {
    const response = await fetch(`${url}/api/auth/login?v=2.34`, {
      method: 'POST',
      headers: {
        'x-app-client': 'web/2.34',
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
      body: new URLSearchParams({
        login: `nobody-${attempt}@example.com`,
        password: 'Wrong-password-1',
      }),
    });
    const body = (await response.json()) as { error?: { type: string } };
    return { status: response.status, type: body.error?.type };
  }

  it('ignores X-Forwarded-For without TRUST_PROXY: a new header each try does not reset the sign-in budget', async () => {
    const server = await listening({});
    try {
      for (let attempt = 1; attempt <= 20; attempt++) {
        const answer = await failedSignIn(server.url, attempt, `198.51.100.${attempt}`);
        expect(answer, `attempt ${attempt}`).toEqual({
          status: 401,
          type: 'AuthorizationException',
        });
      }
      expect(await failedSignIn(server.url, 21, '198.51.100.21')).toEqual({
        status: 429,
        type: 'TooManyRequestsException',
      });
      expect(await failedSignIn(server.url, 22, '203.0.113.7, 198.51.100.22')).toEqual({
        status: 429,
        type: 'TooManyRequestsException',
      });
    } finally {
      await server.close();
    }
  }, 60_000);

  it('honours X-Forwarded-For from a trusted proxy (TRUST_PROXY=127.0.0.1): each address has its own budget', async () => {
    const server = await listening({ trustProxy: ['127.0.0.1'] });
    try {
      for (let attempt = 1; attempt <= 20; attempt++) {
        const answer = await failedSignIn(server.url, attempt, '198.51.100.1');
        expect(answer.status, `attempt ${attempt}`).toBe(401);
      }
      // The forwarded address has spent its budget; another client behind the proxy has not.
      expect((await failedSignIn(server.url, 21, '198.51.100.1')).status).toBe(429);
      expect(await failedSignIn(server.url, 22, '198.51.100.2')).toEqual({
        status: 401,
        type: 'AuthorizationException',
      });
    } finally {
      await server.close();
    }
  }, 60_000);
  it('with a hop count (TRUST_PROXY=1) takes the address the nearest proxy added, not what the client wrote', async () => {
    const server = await listening({ trustProxy: 1 });
    try {
      // The proxy appends the client's real address; what the client put before it is ignored.
      for (let attempt = 1; attempt <= 20; attempt++) {
        const answer = await failedSignIn(
          server.url,
          attempt,
          `203.0.113.${attempt}, 198.51.100.1`,
        );
        expect(answer.status, `attempt ${attempt}`).toBe(401);
      }
      expect((await failedSignIn(server.url, 21, '203.0.113.99, 198.51.100.1')).status).toBe(429);
      expect((await failedSignIn(server.url, 22, '198.51.100.1, 198.51.100.2')).status).toBe(401);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('badly encoded URLs', () => {
  /** A request with the path exactly as written (no client library re-encodes it). */
  function raw(url: string, target: string, method = 'GET') {
    const { port } = new URL(url);
    return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: target, method, headers: { 'x-app-client': 'web/2.34' } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type'] ?? ''),
              body,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  it("answers the §8 envelope with a 4xx, never Fastify's own body", async () => {
    const server = await listening({});
    try {
      const targets = [
        '/api/account/getInfo%zz',
        '/api/account%zz/getInfo',
        '/remotes/casino/%c0%ae%c0%ae/x.js',
        '/remotes/casino/%zz',
        '/%zz',
        '/es-ES/%zz',
        '/cms/pages%zz',
        '/cms/pages/%E0%A4%A',
        '/uploads/%zz.png',
        '/nfx/cms-config/%zz',
      ];
      for (const target of targets) {
        for (const method of ['GET', 'POST']) {
          const label = `${method} ${target}`;
          const answer = await raw(server.url, target, method);
          expect(answer.status, label).toBeGreaterThanOrEqual(400);
          expect(answer.status, label).toBeLessThan(500);
          expect(answer.type, label).toContain('application/json');
          const body = JSON.parse(answer.body) as {
            data?: null;
            error?: Record<string, unknown> & { details?: Record<string, unknown> };
          };
          // The content backend answers in Strapi's shape, with the §8 error in `details`.
          const typed = target.startsWith('/cms') ? body.error?.details : body.error;
          if (target.startsWith('/cms')) {
            expect(body.data, label).toBeNull();
            expect(body.error?.status, label).toBe(answer.status);
          }
          expect(ERROR_TYPE_NAMES as readonly unknown[], `${label}: ${answer.body}`).toContain(
            typed?.type,
          );
          expect(typeof typed?.code, label).toBe('string');
          expect(typeof body.error?.message, label).toBe('string');
          expect(answer.body, label).not.toContain('FST_ERR');
        }
      }
      // The server still answers.
      expect((await raw(server.url, '/remotes.json')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});
