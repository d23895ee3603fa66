import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, DEMO_STAFF } from '../demo/index.ts';
import { get, lastMailBody, post } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { cmsCall } from '../testing/cms.ts';

let server: TestServer;
let clock = Date.parse('2026-11-21T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
}, 60_000);
afterAll(() => server.close());

const call = (method: string, path: string, options?: { body?: unknown; jwt?: string }) =>
  cmsCall(server.url, method, path, options);

const lastMail = (recipient: string) => lastMailBody(server.browser(), recipient);

describe('content backend auth', () => {
  it('signs in and names the same player as the application API', async () => {
    const answer = await call('POST', '/cms/auth/local', {
      body: { identifier: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
    });
    expect(answer.status).toBe(200);
    const jwt = answer.body.jwt as string;
    expect(jwt.split('.')).toHaveLength(3);
    const tab = server.browser();
    await post(tab, 'auth/login', { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password });
    const info = await get(tab, 'account/getInfo');
    const me = await call('GET', '/cms/users/me', { jwt });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe((info.body.data as { uid: number }).uid);
    expect(me.body).toMatchObject({ email: DEMO_PLAYER.login, confirmed: true, blocked: false });
    expect(me.body).not.toHaveProperty('role');
    const withRole = await call('GET', '/cms/users/me?populate=role', { jwt });
    expect(withRole.body.role).toEqual({ name: 'Authenticated', type: 'player' });
    const staff = await call('POST', '/cms/auth/local', {
      body: { identifier: DEMO_STAFF.login, password: DEMO_STAFF.password },
    });
    const staffMe = await call('GET', '/cms/users/me?populate[role]=true', {
      jwt: staff.body.jwt as string,
    });
    expect(staffMe.body.role).toMatchObject({ type: 'staff' });
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const unknown = await call('POST', '/cms/auth/local', {
      body: { identifier: 'ghost@example.com', password: 'whatever1' },
    });
    const wrong = await call('POST', '/cms/auth/local', {
      body: { identifier: DEMO_STAFF.login, password: 'whatever1' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses /users/me without a token, with a bad one, and after it expires', async () => {
    expect((await call('GET', '/cms/users/me')).status).toBe(401);
    expect((await call('GET', '/cms/users/me', { jwt: 'abc.def.ghijklmnop' })).status).toBe(401);
    const answer = await call('POST', '/cms/auth/local', {
      body: { identifier: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
    });
    const jwt = answer.body.jwt as string;
    clock += 31 * 24 * 60 * 60 * 1000;
    const expired = await call('GET', '/cms/users/me', { jwt });
    expect(expired.status).toBe(401);
    expect(expired.body.error?.details.type).toBe('AuthorizationException');
  });

  it('registers, then the account signs in on the application API too', async () => {
    const answer = await call('POST', '/cms/auth/local/register', {
      body: { username: 'zoe', email: 'zoe@example.com', password: 'Secret-123' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ username: 'zoe', email: 'zoe@example.com' });
    const api = await post(server.browser(), 'auth/login', {
      login: 'zoe@example.com',
      password: 'Secret-123',
    });
    expect(api.status).toBe(200);
    const again = await call('POST', '/cms/auth/local/register', {
      body: { email: 'zoe@example.com', password: 'Secret-123' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.details.invalid_parameters).toEqual({ email: ['already_exists'] });
    const bad = await call('POST', '/cms/auth/local/register', {
      body: { email: 'nope', password: '1' },
    });
    expect(bad.body.error?.details.invalid_parameters).toMatchObject({
      email: ['email'],
      password: ['min_length'],
    });
  });

  it('resets a password with the mailed code, once, ending the old tokens', async () => {
    await call('POST', '/cms/auth/local/register', {
      body: { email: 'reset@example.com', password: 'Secret-123' },
    });
    const old = await call('POST', '/cms/auth/local', {
      body: { identifier: 'reset@example.com', password: 'Secret-123' },
    });
    const ghost = await call('POST', '/cms/auth/forgot-password', {
      body: { email: 'ghost@example.com' },
    });
    const known = await call('POST', '/cms/auth/forgot-password', {
      body: { email: 'reset@example.com' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(ghost.body);
    const code = /code is (\d+-\d{6})/.exec(await lastMail('reset@example.com'))![1]!;
    const mismatch = await call('POST', '/cms/auth/reset-password', {
      body: { code, password: 'NewSecret-9', passwordConfirmation: 'Other-9' },
    });
    expect(mismatch.body.error?.details.invalid_parameters).toEqual({
      passwordConfirmation: ['same_as'],
    });
    const reset = await call('POST', '/cms/auth/reset-password', {
      body: { code, password: 'NewSecret-9', passwordConfirmation: 'NewSecret-9' },
    });
    expect(reset.status).toBe(200);
    expect(typeof reset.body.jwt).toBe('string');
    expect((await call('GET', '/cms/users/me', { jwt: reset.body.jwt as string })).status).toBe(
      200,
    );
    expect((await call('GET', '/cms/users/me', { jwt: old.body.jwt as string })).status).toBe(401);
    const replay = await call('POST', '/cms/auth/reset-password', {
      body: { code, password: 'Another-99', passwordConfirmation: 'Another-99' },
    });
    expect(replay.status).toBe(401);
    const junk = await call('POST', '/cms/auth/reset-password', {
      body: { code: '123456', password: 'Another-99', passwordConfirmation: 'Another-99' },
    });
    expect(junk.status).toBe(400);
  });

  it('changes the password with the current one', async () => {
    await call('POST', '/cms/auth/local/register', {
      body: { email: 'change@example.com', password: 'Secret-123' },
    });
    const jwt = (
      await call('POST', '/cms/auth/local', {
        body: { identifier: 'change@example.com', password: 'Secret-123' },
      })
    ).body.jwt as string;
    const body = { password: 'Changed-123', passwordConfirmation: 'Changed-123' };
    expect(
      (await call('POST', '/cms/auth/change-password', { body: { ...body, currentPassword: 'x' } }))
        .status,
    ).toBe(401);
    const wrong = await call('POST', '/cms/auth/change-password', {
      jwt,
      body: { ...body, currentPassword: 'Wrong-123' },
    });
    expect(wrong.body.error?.details.invalid_parameters).toEqual({
      currentPassword: ['wrong_field'],
    });
    const changed = await call('POST', '/cms/auth/change-password', {
      jwt,
      body: { ...body, currentPassword: 'Secret-123' },
    });
    expect(changed.status).toBe(200);
    const signIn = await call('POST', '/cms/auth/local', {
      body: { identifier: 'change@example.com', password: 'Changed-123' },
    });
    expect(signIn.status).toBe(200);
  });

  it('sends an e-mail confirmation code that confirms the contact', async () => {
    await call('POST', '/cms/auth/local/register', {
      body: { email: 'confirm@example.com', password: 'Secret-123' },
    });
    const sent = await call('POST', '/cms/auth/send-email-confirmation', {
      body: { email: 'confirm@example.com' },
    });
    expect(sent.body).toEqual({ email: 'confirm@example.com', sent: true });
    const code = /code is (\d{6})/.exec(await lastMail('confirm@example.com'))![1]!;
    const tab = server.browser();
    await post(tab, 'auth/login', { login: 'confirm@example.com', password: 'Secret-123' });
    const confirmed = await post(tab, 'account/confirmContact', {
      contact: 'confirm@example.com',
      code,
    });
    expect(confirmed.status).toBe(200);
  });

  it('rate-limits sign-in: the 6th failure for one account is refused', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await call('POST', '/cms/auth/local', {
        body: { identifier: 'limited@example.com', password: `wrong-${i}x` },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call('POST', '/cms/auth/local', {
      body: { identifier: 'limited@example.com', password: 'wrong-x' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.details.type).toBe('TooManyRequestsException');
  });
});
