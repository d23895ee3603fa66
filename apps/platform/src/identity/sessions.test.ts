import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../demo/index.ts';
import { get, post } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let clock = Date.parse('2026-11-21T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
}, 60_000);
afterAll(() => {
  delete process.env.TIME_TO_FORCE_LOGOUT;
  return server.close();
});

const MINUTE = 60_000;

describe('session lifetime', () => {
  it('ends a session idle for longer than time_to_force_logout', async () => {
    process.env.TIME_TO_FORCE_LOGOUT = '600';
    const tab = server.browser();
    await post(tab, 'auth/login', { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password });
    clock += 9 * MINUTE;
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    clock += 9 * MINUTE; // active 9 minutes ago: still inside the idle limit
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    // Past the limit plus the minute `last_seen_at` may lag behind the last request.
    clock += 11 * MINUTE + 1_000;
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    expect((await get(server.browser(), 'metadata/getgeneralinfo')).body.data).toMatchObject({
      time_to_force_logout: 600,
    });
  });

  it('keeps a session whose player keeps calling under a limit shorter than a minute', async () => {
    process.env.TIME_TO_FORCE_LOGOUT = '10';
    const tab = server.browser();
    await post(tab, 'auth/login', { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password });
    // A call every 4 s for 40 s: each one is inside 10 s of the one before.
    for (let call = 0; call < 10; call++) {
      clock += 4_000;
      expect((await get(tab, 'account/getInfo')).status, `call ${call}`).toBe(200);
    }
    // The last call is written down (4 s after the one before); the limit counts from it, plus
    // the quarter of the limit a write can lag behind the last call.
    clock += 12_000;
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    clock += 13_000;
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
  });

  it('ends any session after 30 days, however active', async () => {
    delete process.env.TIME_TO_FORCE_LOGOUT;
    const tab = server.browser();
    await post(tab, 'auth/login', { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password });
    for (let day = 0; day < 29; day++) {
      clock += 24 * 60 * MINUTE;
      expect((await get(tab, 'account/getBalance')).status).toBe(200);
    }
    clock += 2 * 24 * 60 * MINUTE;
    expect((await get(tab, 'account/getBalance')).status).toBe(401);
  });
});
