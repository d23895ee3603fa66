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
    clock += 11 * MINUTE;
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    expect((await get(server.browser(), 'metadata/getgeneralinfo')).body.data).toMatchObject({
      time_to_force_logout: 600,
    });
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
