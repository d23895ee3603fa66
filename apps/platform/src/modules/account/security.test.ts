import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@northstar/contract';
import { totpAuthenticators } from '../../db/schema/index.ts';
import { get, lastCode, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { cookieFetch, startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * Issue #25 the security page's server: change password, the authenticator app (set-up, every
 * refusal of a code, recovery codes), and the player's sessions. The clock is the test's, so a
 * code from the app is computed for exactly the moment the server checks it.
 */
let server: TestServer;
let clock = Date.UTC(2026, 10, 27, 9, 0, 5);
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

const PASSWORD = 'Secret-123';

const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
const codeAt = (secret: string, ms: number) => totp(secret).generate({ timestamp: ms });

/** A browser whose requests say which device they come from. */
function browserAs(userAgent: string): typeof fetch {
  const inner = cookieFetch(server.url);
  return (input, init = {}) =>
    inner(input, { ...init, headers: { ...(init.headers as object), 'user-agent': userAgent } });
}

async function register(email: string, tab: typeof fetch = server.browser()) {
  const answer = await post(tab, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: PASSWORD,
    currency: 'EUR',
    terms: '1',
  });
  expect(answer.status).toBe(200);
  return tab;
}

/** A player with the authenticator app on: its secret and recovery codes. */
async function withApp(email: string) {
  const tab = await register(email);
  const started = await post(tab, 'account/startAppTwoFactor');
  const { secret } = started.body.data as { secret: string };
  const confirmed = await post(tab, 'account/confirmAppTwoFactor', {
    code: codeAt(secret, clock),
  });
  expect(confirmed.status).toBe(200);
  clock += 30_000; // the set-up code's step is spent
  return {
    tab,
    secret,
    recovery: (confirmed.body.data as { recovery_codes: string[] }).recovery_codes,
  };
}

const signIn = (tab: typeof fetch, login: string, code?: string, password = PASSWORD) =>
  post(tab, 'auth/login', { login, password, ...(code ? { code } : {}) });

describe('change password', () => {
  it('needs the old password and the §5 rules, and ends every other session', async () => {
    const here = await register('pw-change@example.com');
    const other = server.browser();
    expect((await signIn(other, 'pw-change@example.com')).status).toBe(200);

    const wrongOld = await post(here, 'account/changepassword', {
      old_password: 'Wrong-123',
      new_password: 'Better-456',
      repeat_password: 'Better-456',
    });
    expect(wrongOld.body.error?.type).toBe('InvalidParameterException');
    expect(wrongOld.body.error?.invalid_parameters).toEqual({ old_password: ['wrong_password'] });

    const short = await post(here, 'account/changepassword', {
      old_password: PASSWORD,
      new_password: 'abc',
    });
    expect(short.body.error?.invalid_parameters).toEqual({ new_password: ['min_length'] });
    const notEqual = await post(here, 'account/changepassword', {
      old_password: PASSWORD,
      new_password: 'Better-456',
      repeat_password: 'Better-457',
    });
    expect(notEqual.body.error?.invalid_parameters).toEqual({ repeat_password: ['same_as'] });
    // Nothing refused ended a session.
    expect((await get(other, 'account/getInfo')).status).toBe(200);

    const changed = await post(here, 'account/changepassword', {
      old_password: PASSWORD,
      new_password: 'Better-456',
      repeat_password: 'Better-456',
    });
    expect(changed.body).toEqual({ data: 1 });
    expect((await get(here, 'account/getInfo')).status).toBe(200);
    expect((await get(other, 'account/getInfo')).status).toBe(401);
    expect((await signIn(server.browser(), 'pw-change@example.com')).status).toBe(401);
    expect(
      (await signIn(server.browser(), 'pw-change@example.com', undefined, 'Better-456')).status,
    ).toBe(200);
  });
});

describe('authenticator app', () => {
  it('sets up with a QR code and a manual key, confirmed by a first code; the key is never sent again', async () => {
    const tab = await register('app-setup@example.com');
    const started = await post(tab, 'account/startAppTwoFactor');
    expect(v.safeParse(api.account.startAppTwoFactor.response, started.body.data).success).toBe(
      true,
    );
    const setup = started.body.data as { secret: string; otpauth_url: string; qr_code: string };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Not on until a first code proves the app holds the key.
    expect((await get(tab, 'account/getSecurity')).body.data).toMatchObject({
      two_factor_method: null,
    });
    expect((await signIn(server.browser(), 'app-setup@example.com')).body.data).toMatchObject({
      two_factor_auth: false,
    });

    const wrong = await post(tab, 'account/confirmAppTwoFactor', {
      code: codeAt(setup.secret, clock + 5 * 60_000),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.message).toContain('code invalid');
    const confirmed = await post(tab, 'account/confirmAppTwoFactor', {
      code: codeAt(setup.secret, clock),
    });
    expect(confirmed.status).toBe(200);
    const { recovery_codes } = confirmed.body.data as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    recovery_codes.forEach((code) => expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/));

    const summary = await get(tab, 'account/getSecurity');
    expect(summary.body.data).toEqual({
      two_factor_auth: true,
      two_factor_method: 'app',
      recovery_codes_left: 10,
      code_contact: null,
    });
    // Stored encrypted: the database holds neither the key nor anything that starts like it.
    const rows = await server.database.db.select().from(totpAuthenticators);
    expect(JSON.stringify(rows)).not.toContain(setup.secret);
    // On already: a new set-up (which would show a key again) is refused.
    const again = await post(tab, 'account/startAppTwoFactor');
    expect(again.body.error?.message).toContain('two-factor already enabled');
    clock += 30_000;
  });

  it('auth/login asks for the app code: sends nothing, refuses wrong, expired and replayed codes', async () => {
    const { secret } = await withApp('app-login@example.com');
    const device = server.browser();
    const first = await signIn(device, 'app-login@example.com');
    expect(first.body.data).toEqual({
      two_factor_auth: true,
      resend_time: 0,
      two_factor_method: 'app',
    });
    expect((await get(device, 'account/getInfo')).status).toBe(401);
    // No code went to any contact: the app makes it.
    await expect(lastCode(device, 'app-login@example.com')).rejects.toThrow();

    const wrong = await signIn(
      device,
      'app-login@example.com',
      codeAt(secret, clock + 10 * 60_000),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.message).toContain('code invalid');
    // Two steps old (a minute): outside the one-step window.
    const expired = await signIn(device, 'app-login@example.com', codeAt(secret, clock - 60_000));
    expect(expired.status).toBe(401);

    const code = codeAt(secret, clock);
    expect((await signIn(device, 'app-login@example.com', code)).status).toBe(200);
    expect((await get(device, 'account/getInfo')).status).toBe(200);
    // The same code again, inside its own 30 seconds, from another browser: refused.
    const thief = server.browser();
    const replay = await signIn(thief, 'app-login@example.com', code);
    expect(replay.status).toBe(401);
    expect((await get(thief, 'account/getInfo')).status).toBe(401);
    // And an older code than the one used is refused too (the previous step).
    expect(
      (await signIn(thief, 'app-login@example.com', codeAt(secret, clock - 30_000))).status,
    ).toBe(401);
    clock += 30_000;
    expect((await signIn(thief, 'app-login@example.com', codeAt(secret, clock))).status).toBe(200);
  });

  it('a recovery code signs in once; the count goes down', async () => {
    const { recovery, tab } = await withApp('app-recovery@example.com');
    const [one] = recovery;
    const device = server.browser();
    const used = await signIn(device, 'app-recovery@example.com', one!.toUpperCase());
    expect(used.status).toBe(200);
    const again = await signIn(server.browser(), 'app-recovery@example.com', one!);
    expect(again.status).toBe(401);
    expect(again.body.error?.message).toContain('code invalid');
    expect((await get(tab, 'account/getSecurity')).body.data).toMatchObject({
      recovery_codes_left: 9,
    });
  });

  it('wrong codes are limited: the 6th attempt in 15 minutes is refused even with the right code', async () => {
    const { secret } = await withApp('app-limit@example.com');
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(server.browser(), 'app-limit@example.com', `00000${i}`);
      expect(wrong.status).toBe(401);
    }
    const right = await signIn(server.browser(), 'app-limit@example.com', codeAt(secret, clock));
    expect(right.status).toBe(429);
    expect(right.body.error?.type).toBe('TooManyRequestsException');
    clock += 30_000;
  });

  it('a password reset does not skip the app', async () => {
    await withApp('app-restore@example.com');
    const tab = server.browser();
    await post(tab, 'auth/restore', { login: 'app-restore@example.com' });
    const reset = await post(tab, 'auth/restore', {
      login: 'app-restore@example.com',
      code: await lastCode(tab, 'app-restore@example.com'),
      password: 'Reset-789',
    });
    expect(reset.body.data).toEqual({
      two_factor_auth: true,
      resend_time: 0,
      two_factor_method: 'app',
    });
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
  });

  it('turning the app off takes a code from it', async () => {
    const { tab, secret } = await withApp('app-off@example.com');
    const refused = await post(tab, 'account/disableAppTwoFactor', { code: '123456' });
    expect(refused.status).toBe(401);
    expect((await get(tab, 'account/getSecurity')).body.data).toMatchObject({
      two_factor_method: 'app',
    });
    const off = await post(tab, 'account/disableAppTwoFactor', { code: codeAt(secret, clock) });
    expect(off.body).toEqual({ data: 1 });
    expect((await get(tab, 'account/getSecurity')).body.data).toMatchObject({
      two_factor_method: null,
      recovery_codes_left: 0,
    });
    expect((await signIn(server.browser(), 'app-off@example.com')).body.data).toMatchObject({
      two_factor_auth: false,
    });
    clock += 30_000;
  });
});

describe('sessions', () => {
  const DESKTOP =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const PHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it('lists device, place and last seen with this one marked; ends one, then all others', async () => {
    const desktop = await register('sessions@example.com', browserAs(DESKTOP));
    const phone = browserAs(PHONE);
    expect((await signIn(phone, 'sessions@example.com')).status).toBe(200);
    const third = server.browser();
    expect((await signIn(third, 'sessions@example.com')).status).toBe(200);

    const listed = await get(desktop, 'account/getSessions');
    expect(v.safeParse(api.account.getSessions.response, listed.body.data).success).toBe(true);
    const list = listed.body.data as {
      id: string;
      browser: string | null;
      os: string | null;
      device_type: string;
      place: string | null;
      current: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
    expect(list.find((s) => s.current)).toMatchObject({
      browser: 'Chrome',
      os: 'Windows 10',
      device_type: 'desktop',
      place: 'local',
    });
    const phoneRow = list.find((s) => s.device_type === 'mobile')!;
    expect(phoneRow).toMatchObject({ browser: 'Safari', os: 'iOS' });

    // Another player's id, or a made-up one, ends nothing.
    const stranger = await register('sessions-other@example.com');
    const foreign = await post(stranger, 'account/endSession', { id: phoneRow.id });
    expect(foreign.body.error?.type).toBe('InvalidParameterException');
    expect((await get(phone, 'account/getInfo')).status).toBe(200);

    expect((await post(desktop, 'account/endSession', { id: phoneRow.id })).body).toEqual({
      data: 1,
    });
    expect((await get(phone, 'account/getInfo')).status).toBe(401);
    expect((await get(third, 'account/getInfo')).status).toBe(200);

    const others = await post(desktop, 'account/endOtherSessions');
    expect(others.body.data).toEqual({ ended: 1 });
    expect((await get(third, 'account/getInfo')).status).toBe(401);
    expect((await get(desktop, 'account/getInfo')).status).toBe(200);
    const after = (await get(desktop, 'account/getSessions')).body.data as { current: boolean }[];
    expect(after).toEqual([expect.objectContaining({ current: true })]);
  });
});
