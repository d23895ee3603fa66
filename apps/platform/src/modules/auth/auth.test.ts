import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, lastCode, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { DEMO_PLAYER } from '../../demo/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const registration = (email: string) => ({
  ...REGISTRATION_PROFILE,
  email,
  password: 'Secret-123',
  currency: 'EUR',
  terms: '1',
  notify: '1',
  is_betting: '0',
});

describe('auth: register, sign in, sign out', () => {
  it('registers a player, signs them in, and getInfo names them', async () => {
    const tab = server.browser();
    const answer = await post(tab, 'auth/register', registration('ana@example.com'));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ two_factor_auth: false });
    const info = await get(tab, 'account/getInfo');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      login: 'ana@example.com',
      currency: 'EUR',
      locale: 'en-US',
      is_subscribed: true,
    });
  });

  it('answers field errors with the dictionary codes', async () => {
    const tab = server.browser();
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'not-an-email',
      password: '123',
      currency: 'XYZ',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.type).toBe('InvalidParameterException');
    expect(answer.body.error?.invalid_parameters).toMatchObject({
      email: ['email'],
      password: ['min_length'],
    });
    const taken = await post(tab, 'auth/register', registration('ana@example.com'));
    expect(taken.body.error?.invalid_parameters).toMatchObject({ email: ['already_exists'] });
    const noTerms = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      ...registration('bob@example.com'),
      terms: '0',
    });
    expect(noTerms.body.error?.invalid_parameters).toMatchObject({ terms: ['required'] });
  });

  it('falls back to the email, then the mobile, for the login', async () => {
    const tab = server.browser();
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      phone: '+34 612 345 678',
      password: 'Secret-123',
      terms: '1',
    });
    expect(answer.status).toBe(200);
    const info = await get(tab, 'account/getInfo');
    expect((info.body.data as { login: string }).login).toBe('34612345678');
    const again = await post(server.browser(), 'auth/login', {
      login: '+34612345678',
      password: 'Secret-123',
    });
    expect(again.status).toBe(200);
  });

  it('signs in with the same answer for an unknown account and a wrong password', async () => {
    const unknown = await post(server.browser(), 'auth/login', {
      login: 'nobody@example.com',
      password: 'whatever1',
    });
    const wrong = await post(server.browser(), 'auth/login', {
      login: DEMO_PLAYER.login,
      password: 'whatever1',
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('issues a new session id at sign-in and ends it on the server at sign-out', async () => {
    const tab = server.browser();
    await post(tab, 'auth/login', { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password });
    const first = await server.app.inject({ method: 'GET', url: '/api/account/getInfo' });
    expect(first.statusCode).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-app-client': 'web/2.34', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `login=${encodeURIComponent(DEMO_PLAYER.login)}&password=${DEMO_PLAYER.password}`,
    });
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('ns_session='))!;
    expect(cookie).toMatch(/ns_session=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = /ns_session=([^;]+)/.exec(cookie)![1]!;
    const relogin = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'x-app-client': 'web/2.34',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `ns_session=${token}`,
      },
      payload: `login=${encodeURIComponent(DEMO_PLAYER.login)}&password=${DEMO_PLAYER.password}`,
    });
    const token2 = /ns_session=([^;]+)/.exec(String(relogin.headers['set-cookie']))![1]!;
    expect(token2).not.toBe(token);
    const old = await server.app.inject({
      url: '/api/account/getInfo',
      cookies: { ns_session: token },
    });
    expect(old.statusCode).toBe(401);
    const logout = await server.app.inject({
      url: '/api/auth/logout',
      headers: { 'x-app-client': 'web/2.34' },
      cookies: { ns_session: token2 },
    });
    expect(logout.statusCode).toBe(200);
    const after = await server.app.inject({
      url: '/api/account/getInfo',
      cookies: { ns_session: token2 },
    });
    expect(after.statusCode).toBe(401);
  });

  it('sets a readable signed-in hint with the session and clears it at sign-out', async () => {
    const cookiesOf = (answer: { headers: Record<string, unknown> }) =>
      ([] as string[]).concat((answer.headers['set-cookie'] as string | string[]) ?? []);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-app-client': 'web/2.34', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `login=${encodeURIComponent(DEMO_PLAYER.login)}&password=${DEMO_PLAYER.password}`,
    });
    const hint = cookiesOf(login).find((line) => line.startsWith('ns_signed_in='));
    expect(hint).toMatch(/^ns_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    const token = /ns_session=([^;]+)/.exec(cookiesOf(login).join('\n'))![1]!;
    const logout = await server.app.inject({
      url: '/api/auth/logout',
      headers: { 'x-app-client': 'web/2.34' },
      cookies: { ns_session: token, ns_signed_in: '1' },
    });
    expect(cookiesOf(logout).find((line) => line.startsWith('ns_signed_in='))).toMatch(
      /^ns_signed_in=;.*Expires=Thu, 01 Jan 1970/i,
    );
  });

  it('refuses state-changing calls without the marker header', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `login=${encodeURIComponent(DEMO_PLAYER.login)}&password=${DEMO_PLAYER.password}`,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.type).toBe('AccessDeniedException');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('auth: restore through the outbox', () => {
  it('sends a code, sets a new password, signs in, and ends the old sessions', async () => {
    const tab = server.browser();
    await post(tab, 'auth/register', registration('carla@example.com'));
    // Contacts must be confirmed before codes go to them? Restore goes to the sign-up email.
    const unknown = await post(server.browser(), 'auth/restore', { login: 'ghost@example.com' });
    const known = await post(server.browser(), 'auth/restore', { login: 'carla@example.com' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const code = await lastCode(server.browser(), 'carla@example.com');
    const other = server.browser();
    const reset = await post(other, 'auth/restore', {
      login: 'carla@example.com',
      code,
      password: 'NewSecret-9',
    });
    expect(reset.status).toBe(200);
    expect((await get(other, 'account/getInfo')).status).toBe(200);
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const reuse = await post(server.browser(), 'auth/restore', {
      login: 'carla@example.com',
      code,
      password: 'Another-99',
    });
    expect(reuse.status).toBe(401);
    expect(
      (
        await post(server.browser(), 'auth/login', {
          login: 'carla@example.com',
          password: 'NewSecret-9',
        })
      ).status,
    ).toBe(200);
  });
});

describe('two-factor', () => {
  it('is enabled with a code, then sign-in needs a second step with a 6-digit code', async () => {
    const tab = server.browser();
    await post(tab, 'auth/register', registration('dora@example.com'));
    // A code needs a confirmed contact: confirm the email first.
    expect((await post(tab, 'account/changeTwoFactorAuth', { enable: '1' })).body.error?.type).toBe(
      'UserNeedConfirmContactException',
    );
    await post(tab, 'account/sendconfirmationtocontact', { contact: 'dora@example.com' });
    await post(tab, 'account/confirmContact', {
      contact: 'dora@example.com',
      code: await lastCode(tab, 'dora@example.com'),
    });

    const started = await post(tab, 'account/changeTwoFactorAuth', { enable: '1' });
    expect(started.body.data).toMatchObject({ resend_time: 60 });
    const wrongLength = await post(tab, 'account/confirmTwoFactorAuth', { code: '12345' });
    expect(wrongLength.body.error?.invalid_parameters).toEqual({ code: ['code'] });
    const confirmed = await post(tab, 'account/confirmTwoFactorAuth', {
      code: await lastCode(tab, 'dora@example.com'),
    });
    expect(confirmed.body.data).toEqual({ two_factor_auth: true });
    const again = await post(tab, 'account/changeTwoFactorAuth', { enable: '1' });
    expect(again.body.error?.message).toContain('two-factor already enabled');

    const device = server.browser();
    const step1 = await post(device, 'auth/login', {
      login: 'dora@example.com',
      password: 'Secret-123',
    });
    expect(step1.body.data).toEqual({
      two_factor_auth: true,
      resend_time: 60,
      two_factor_method: 'contact',
    });
    expect((await get(device, 'account/getInfo')).status).toBe(401);
    const resend = await post(device, 'auth/login', {
      login: 'dora@example.com',
      password: 'Secret-123',
    });
    expect(resend.body.error?.message).toMatch(/resend time \d+$/);
    const wrong = await post(device, 'auth/login', {
      login: 'dora@example.com',
      password: 'Secret-123',
      code: '000000' === (await lastCode(device, 'dora@example.com')) ? '111111' : '000000',
    });
    expect(wrong.body.error?.message).toContain('code invalid');
    const code = await lastCode(device, 'dora@example.com');
    const step2 = await post(device, 'auth/login', {
      login: 'dora@example.com',
      password: 'Secret-123',
      code,
    });
    expect(step2.status).toBe(200);
    expect((await get(device, 'account/getInfo')).body.data).toMatchObject({
      two_factor_auth: true,
    });
    const replay = await post(server.browser(), 'auth/login', {
      login: 'dora@example.com',
      password: 'Secret-123',
      code,
    });
    expect(replay.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('stops sign-in after 5 failures for one account', async () => {
    await post(server.browser(), 'auth/register', registration('eve@example.com'));
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(server.browser(), 'auth/login', {
            login: 'eve@example.com',
            password: `wrong-${i}x`,
          })
        ).status,
      ).toBe(401);
    }
    const blocked = await post(server.browser(), 'auth/login', {
      login: 'eve@example.com',
      password: 'Secret-123',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.type).toBe('TooManyRequestsException');
  });
});
