import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { readableMessage, redactUrl, SECRET_QUERY_PARAMETERS } from './logging.ts';

/** Log lines without secrets, readable in demo mode (issue #24). */

describe('redactUrl', () => {
  it('hides the value of every secret parameter and keeps the rest', () => {
    expect(redactUrl('/platform/game/dice/play?token=t0k3n&mode=real')).toBe(
      '/platform/game/dice/play?token=[redacted]&mode=real',
    );
    expect(redactUrl('/cms/connect/google/callback?access_token=ya29.secret&state=s1')).toBe(
      '/cms/connect/google/callback?access_token=[redacted]&state=[redacted]',
    );
    // Names are matched without case and after decoding; a flag without a value stays.
    expect(redactUrl('/x?Access%5Ftoken=a&CODE=123456&hash&locale=es-ES')).toBe(
      '/x?Access%5Ftoken=[redacted]&CODE=[redacted]&hash&locale=es-ES',
    );
    expect(redactUrl('/gamehall?providers=atlas,vega')).toBe('/gamehall?providers=atlas,vega');
    expect(redactUrl('/cashier')).toBe('/cashier');
  });

  it('covers every listed parameter', () => {
    for (const name of SECRET_QUERY_PARAMETERS) {
      expect(redactUrl(`/p?${name}=s3cr3t`)).toBe(`/p?${name}=[redacted]`);
    }
  });
});

describe('the readable format', () => {
  it('shows a request line, and any other message as it is', () => {
    expect(readableMessage({ method: 'GET', url: '/x', status: 200, ms: 3 }, 'msg')).toBe(
      'GET /x 200 3 ms',
    );
    expect(readableMessage({ msg: 'payment webhook delivered' }, 'msg')).toBe(
      'payment webhook delivered',
    );
  });
});

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { stream, text: () => text };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the JSON log, as production writes it', () => {
  let server: TestServer;
  const log = capture();
  beforeAll(async () => {
    server = await startTestServer({
      config: { logLevel: 'info', logFormat: 'json' },
      logDestination: log.stream,
    });
  }, 60_000);
  afterAll(() => server.close());

  it('never holds a launch token, a provider token or a code from a URL', async () => {
    await server.app.inject('/platform/game/northstar-dice/play?token=LAUNCHSECRET&mode=real');
    await server.app.inject('/cms/connect/google/callback?access_token=PROVIDERSECRET&state=ST8');
    await server.app.inject('/api/account/getInfo?v=2.34&locale=en-US&code=654321');
    await settle();
    const text = log.text();
    for (const secret of ['LAUNCHSECRET', 'PROVIDERSECRET', 'ST8', '654321']) {
      expect(text).not.toContain(secret);
    }
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { url?: string });
    expect(lines.map((line) => line.url)).toContain(
      '/platform/game/northstar-dice/play?token=[redacted]&mode=real',
    );
  });

  it('writes no line for a health probe', async () => {
    const before = log.text().length;
    await server.app.inject('/healthz');
    await server.app.inject('/readyz');
    await server.app.inject('/api/metadata/getgeneralinfo?v=2.34&locale=en-US');
    await settle();
    const added = log.text().slice(before);
    expect(added).not.toContain('/healthz');
    expect(added).not.toContain('/readyz');
    expect(added).toContain('/api/metadata/getgeneralinfo');
  });
});

describe('the readable log, as demo mode writes it', () => {
  let server: TestServer;
  const log = capture();
  beforeAll(async () => {
    server = await startTestServer({
      config: { logLevel: 'info', logFormat: 'readable' },
      logDestination: log.stream,
    });
  }, 60_000);
  afterAll(() => server.close());

  it('prints request lines and other messages, neither blank', async () => {
    await server.app.inject('/api/metadata/getgeneralinfo?v=2.34&locale=en-US');
    server.app.log.info('the payment sandbox delivered 2 webhooks');
    await settle();
    const lines = log.text().trim().split('\n');
    expect(lines.some((line) => line.includes('GET /api/metadata/getgeneralinfo'))).toBe(true);
    expect(lines.some((line) => line.includes('the payment sandbox delivered 2 webhooks'))).toBe(
      true,
    );
  });
});

describe('a production start', () => {
  it('writes only JSON lines to stdout, its start announcement included', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'northstar-log-'));
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '../main.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        SECRET_KEY: 'logging-test-secret-key-of-32-chars-or-more',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('Northstar is running on')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
    } finally {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
    const lines = stdout.trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const started = lines.map((line) => JSON.parse(line) as { msg?: string; database?: string });
    expect(started.find((line) => line.msg?.startsWith('Northstar is running on'))).toMatchObject({
      database: 'pglite',
    });
  }, 120_000);
});
