import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/lib/platform-process.ts';
import { cookieFetch } from '../testing/test-server.ts';
import { get, post, REGISTRATION_PROFILE } from '../testing/api.ts';

const MAIN = path.join(import.meta.dirname, '../main.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'northstar-durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REMOTES_FILE: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`platform exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/remotes.json`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`platform did not start:\n${output}`);
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('embedded PGlite durability', () => {
  it('keeps a committed write through a kill -9 of the server', { timeout: 240_000 }, async () => {
    const port = await freePort();
    let server = await start(port);
    const tab = cookieFetch(`http://127.0.0.1:${port}`);
    const registered = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'durable@example.com',
      password: 'Secret-123',
      terms: '1',
    });
    expect(registered.status).toBe(200);
    const saved = await post(tab, 'account/saveProfileInfo', {
      first_name: 'Dura',
      last_name: 'Ble',
    });
    expect(saved.body.data).toBe(1);
    // No graceful shutdown: the process dies the instant the answer is in.
    await killHard(server);

    server = await start(port);
    try {
      const again = cookieFetch(`http://127.0.0.1:${port}`);
      expect(
        (await post(again, 'auth/login', { login: 'durable@example.com', password: 'Secret-123' }))
          .status,
      ).toBe(200);
      expect((await get(again, 'account/getprofileinfo')).body.data).toMatchObject({
        first_name: 'Dura',
        last_name: 'Ble',
      });
      // The seeded ledger-backed balance survived too (and was not credited twice).
      const demo = cookieFetch(`http://127.0.0.1:${port}`);
      await post(demo, 'auth/login', { login: 'demo@northstar.test', password: 'NorthstarDemo1' });
      expect((await get(demo, 'account/getBalance')).body.data).toMatchObject({
        balance_main: { amount: '500.00' },
      });
    } finally {
      await killHard(server);
    }
  });
});
