import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  players,
  sandboxOauthCodes,
  sandboxOauthTokens,
  socialIdentities,
} from '../db/schema/index.ts';
import { sha256 } from '../lib/tokens.ts';
import { get, lastCode, post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { cmsCall, type CmsAnswer } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { hashPassword } from './passwords.ts';
import { createPlayer } from './registration.ts';
import { SIGN_UP_FAILURES_PER_ADDRESS, SIGN_UPS_PER_ADDRESS } from './sign-in.ts';

/**
 * The one sign-in service, driven through every door over HTTP: the application API's
 * auth/login, the content backend's /cms/auth/local, and the social callbacks of both
 * (/cms/auth/{provider}/callback and the site's /oauth/{service}/callback).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());
// Each case starts with fresh budgets: the test client is always 127.0.0.1.
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

const PASSWORD = 'Secret-123';

/** A player (or staff) with a confirmed e-mail, optionally a phone and two-factor on. */
async function account(
  email: string,
  options: { twoFactor?: boolean; role?: 'player' | 'staff'; phone?: string } = {},
) {
  const player = await createPlayer(
    server.database.db,
    {
      login: email,
      passwordHash: await hashPassword(PASSWORD),
      currency: 'EUR',
      locale: 'en-US',
      role: options.role ?? 'player',
      twoFactorEnabled: options.twoFactor ?? false,
      regTime: new Date(),
    },
    [
      { type: 'email', contact: email, isConfirmed: true },
      ...(options.phone ? [{ type: 'phone' as const, contact: options.phone }] : []),
    ],
  );
  return player;
}

/** A sandbox provider token for a profile, as the provider's consent page would mint it. */
async function providerToken(subject: string, email: string): Promise<string> {
  const token = `token-${subject}-${Math.random().toString(36).slice(2)}`;
  await server.database.db.insert(sandboxOauthTokens).values({
    tokenHash: sha256(token),
    provider: 'google',
    subject,
    email,
    emailVerified: true,
    name: null,
    expiresAt: new Date(Date.now() + 5 * 60_000),
  });
  return token;
}

/**
 * A sandbox authorization code for a profile, bound to the challenge of a flow the browser started
 * (as the provider's consent page would issue it); the flow's verifier stays in its cookie.
 */
async function providerCode(subject: string, email: string, authorize: URL): Promise<string> {
  const code = `code-${subject}-${Math.random().toString(36).slice(2)}-padding`;
  await server.database.db.insert(sandboxOauthCodes).values({
    codeHash: sha256(code),
    provider: 'google',
    redirectUri: authorize.searchParams.get('redirect_uri')!,
    codeChallenge: authorize.searchParams.get('code_challenge')!,
    subject,
    email,
    emailVerified: true,
    name: null,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return code;
}

/** The content backend's social callback with the provider token in its cookie (content/social.ts). */
async function cmsSocialCallback(token: string, code?: string): Promise<CmsAnswer> {
  const response = await fetch(
    new URL(`/cms/auth/google/callback${code ? `?code=${code}` : ''}`, server.url),
    { headers: { cookie: `ns_cms_social=${token}` } },
  );
  return { status: response.status, body: (await response.json()) as CmsAnswer['body'] };
}

const cmsSignIn = (identifier: string, password: string, code?: string) =>
  cmsCall(server.url, 'POST', '/cms/auth/local', {
    body: { identifier, password, ...(code ? { code } : {}) },
  });

describe('two-factor on every door', () => {
  it('auth/login answers two_factor_auth and signs in only with the code', async () => {
    await account('tf-api@example.com', { twoFactor: true });
    const tab = server.browser();
    const first = await post(tab, 'auth/login', {
      login: 'tf-api@example.com',
      password: PASSWORD,
    });
    expect(first.body.data).toMatchObject({ two_factor_auth: true });
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const wrong = await post(tab, 'auth/login', {
      login: 'tf-api@example.com',
      password: PASSWORD,
      code: '000000',
    });
    expect(wrong.status).toBe(401);
    const code = await lastCode(tab, 'tf-api@example.com');
    const second = await post(tab, 'auth/login', {
      login: 'tf-api@example.com',
      password: PASSWORD,
      code,
    });
    expect(second.body.data).toMatchObject({ two_factor_auth: false });
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
  });

  it('/cms/auth/local gives a staff account with two-factor no token for the password alone', async () => {
    await account('tf-staff@example.com', { twoFactor: true, role: 'staff' });
    const first = await cmsSignIn('tf-staff@example.com', PASSWORD);
    expect(first.status).toBe(401);
    expect(first.body.jwt).toBeUndefined();
    // The content backend answers in Strapi's shape, our typed error in `details`.
    expect(first.body.error).toMatchObject({
      status: 401,
      name: 'UnauthorizedError',
      details: { type: 'AuthorizationException', error_data: { two_factor_auth: true } },
    });
    const code = await lastCode(server.browser(), 'tf-staff@example.com');
    const second = await cmsSignIn('tf-staff@example.com', PASSWORD, code);
    expect(second.status).toBe(200);
    expect(typeof second.body.jwt).toBe('string');
  });

  it('the content backend social callback asks for the code too', async () => {
    const player = await account('tf-social@example.com', { twoFactor: true });
    await server.database.db
      .insert(socialIdentities)
      .values({ provider: 'google', subject: 'tf-social', playerId: player.id });
    const token = await providerToken('tf-social', 'tf-social@example.com');
    const first = await cmsSocialCallback(token);
    expect(first.status).toBe(401);
    expect(first.body.jwt).toBeUndefined();
    expect(first.body.error?.details).toMatchObject({ error_data: { two_factor_auth: true } });
    const code = await lastCode(server.browser(), 'tf-social@example.com');
    const second = await cmsSocialCallback(token, code);
    expect(second.status).toBe(200);
    expect(typeof second.body.jwt).toBe('string');
  });

  it("the site's social sign-in starts no session until the code is given", async () => {
    const player = await account('tf-site@example.com', { twoFactor: true });
    await server.database.db
      .insert(socialIdentities)
      .values({ provider: 'google', subject: 'tf-site', playerId: player.id });
    const tab = server.browser();
    const init = await tab('/oauth/init?service=google&redirect_url=/cashier');
    const authorize = new URL(init.headers.get('location')!, server.url);
    const state = authorize.searchParams.get('state')!;
    const code = await providerCode('tf-site', 'tf-site@example.com', authorize);
    const callback = await tab(`/oauth/google/callback?state=${state}&code=${code}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/cashier?two_factor=required&resend_time=60');
    expect((await get(tab, 'account/getInfo')).status).toBe(401);

    const submit = (code: string) =>
      tab('/oauth/two-factor', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-client': 'web/2.34' },
        body: JSON.stringify({ code }),
      });
    expect((await submit('000000')).status).toBe(401);
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const done = await submit(await lastCode(tab, 'tf-site@example.com'));
    expect(done.status).toBe(200);
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    // Another browser, without the pending cookie, gets nothing from a code.
    const stranger = await server.browser()('/oauth/two-factor', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-client': 'web/2.34' },
      body: JSON.stringify({ code: '123456' }),
    });
    expect(stranger.status).toBe(401);
  });
});

describe('one rate-limit budget per account, whatever the door', () => {
  it('counts failures of auth/login and /cms/auth/local together', async () => {
    await account('budget@example.com');
    for (let i = 0; i < 3; i++) {
      const answer = await post(server.browser(), 'auth/login', {
        login: 'budget@example.com',
        password: 'wrong-password',
      });
      expect(answer.status).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      expect((await cmsSignIn('budget@example.com', 'wrong-password')).status).toBe(401);
    }
    // Five failures spent the account's budget: the right password is refused on both doors.
    expect((await cmsSignIn('budget@example.com', PASSWORD)).status).toBe(429);
    const api = await post(server.browser(), 'auth/login', {
      login: 'budget@example.com',
      password: PASSWORD,
    });
    expect(api.body.error?.type).toBe('TooManyRequestsException');
  });

  it('checks and counts in one step: of 20 parallel wrong passwords, 5 are checked', async () => {
    await account('parallel@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(server.browser(), 'auth/login', {
          login: 'parallel@example.com',
          password: 'wrong-password',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('keys a phone on its digits: every way of typing it shares one budget', async () => {
    await account('phone@example.com', { phone: '447700900123' });
    const typed = [
      '447700900123',
      '+447700900123',
      '4477 0090 0123',
      '(44)7700900123',
      '+44 7700-900123',
    ];
    for (const login of typed) {
      const answer = await post(server.browser(), 'auth/login', { login, password: 'wrong-pass' });
      expect(answer.status, login).toBe(401);
    }
    const sixth = await post(server.browser(), 'auth/login', {
      login: '+44 (7700) 900 123',
      password: PASSWORD,
    });
    expect(sixth.status).toBe(429);
  });

  it('limits unknown accounts the same way, so the answers tell nothing', async () => {
    for (const login of [
      '449999000111',
      '+449999000111',
      '44 9999 000 111',
      '(44)9999000111',
      '4499-9900-0111',
    ]) {
      expect(
        (await post(server.browser(), 'auth/login', { login, password: 'x-wrong' })).status,
      ).toBe(401);
    }
    const sixth = await post(server.browser(), 'auth/login', {
      login: '+449999000111',
      password: 'x-wrong',
    });
    expect(sixth.status).toBe(429);
  });

  it('account/changepassword spends the same budget on wrong current passwords', async () => {
    await account('change@example.com');
    const tab = server.browser();
    await post(tab, 'auth/login', { login: 'change@example.com', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const answer = await post(tab, 'account/changepassword', {
        old_password: `Wrong-${i}-pass`,
        new_password: 'Another-123',
      });
      expect(answer.status).toBe(400);
    }
    const sixth = await post(tab, 'account/changepassword', {
      old_password: PASSWORD,
      new_password: 'Another-123',
    });
    expect(sixth.status).toBe(429);
    // The same budget as sign-in: the account's own password is refused there now too.
    const fresh = server.browser();
    const signIn = await post(fresh, 'auth/login', {
      login: 'change@example.com',
      password: PASSWORD,
    });
    expect(signIn.status).toBe(429);
  });

  it('limits sign-ups per address across auth/register and /cms/auth/local/register', async () => {
    const register = (i: number) =>
      post(server.browser(), 'auth/register', {
        ...REGISTRATION_PROFILE,
        email: `signup-${i}@example.com`,
        password: PASSWORD,
        terms: '1',
      });
    const last = SIGN_UPS_PER_ADDRESS;
    for (let i = 0; i < last - 4; i++) expect((await register(i)).status).toBe(200);
    for (let i = last - 4; i < last; i++) {
      const answer = await cmsCall(server.url, 'POST', '/cms/auth/local/register', {
        body: { email: `signup-${i}@example.com`, password: PASSWORD },
      });
      expect(answer.status).toBe(200);
    }
    const over = await register(last);
    expect(over.body.error?.type).toBe('TooManyRequestsException');
    // The real wait: the hour's window started with the first sign-up a moment ago.
    const wait = Number(over.body.error?.error_data?.retry_after);
    expect(wait).toBeGreaterThan(55 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    const [created] = await server.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.login, `signup-${last}@example.com`));
    expect(created).toBeUndefined();
  });

  it('counts refused sign-ups apart (a larger budget): typos do not use up the accounts', async () => {
    const attempt = (i: number, terms: string) =>
      post(server.browser(), 'auth/register', {
        ...REGISTRATION_PROFILE,
        email: `typo-${i}@example.com`,
        password: PASSWORD,
        terms,
      });
    // More refused attempts than the accounts an hour: each is a field error, not a 429.
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS + 5; i++) {
      expect((await attempt(i, '0')).body.error?.type).toBe('InvalidParameterException');
    }
    expect((await attempt(999, '1')).status).toBe(200);
  });

  it('refuses once the refused attempts of the hour are spent', async () => {
    await server.database.query(
      sql`insert into rate_limits (key, window_start, count) values (${`sign-up-failed:ip:127.0.0.1`}, now(), ${SIGN_UP_FAILURES_PER_ADDRESS})`,
    );
    const answer = await post(server.browser(), 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'after-typos@example.com',
      password: PASSWORD,
      terms: '1',
    });
    expect(answer.body.error?.type).toBe('TooManyRequestsException');
  });
});

describe('social sign-in never reaches staff', () => {
  it('refuses a verified provider e-mail that belongs to a staff account', async () => {
    await account('ops@example.com', { role: 'staff' });
    const token = await providerToken('claims-staff', 'ops@example.com');
    const answer = await cmsSocialCallback(token);
    expect(answer.status).toBe(401);
    expect(answer.body.jwt).toBeUndefined();
    const linked = await server.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.subject, 'claims-staff'));
    expect(linked).toHaveLength(0);
  });

  it('refuses an identity that is somehow linked to staff', async () => {
    const staff = await account('ops2@example.com', { role: 'staff' });
    await server.database.db
      .insert(socialIdentities)
      .values({ provider: 'google', subject: 'linked-staff', playerId: staff.id });
    const token = await providerToken('linked-staff', 'someone@example.com');
    const answer = await cmsSocialCallback(token);
    expect(answer.status).toBe(401);
    expect(answer.body.jwt).toBeUndefined();
  });
});

describe('a banned player (§8 UserBanned)', () => {
  it('answers UserBanned with error data user-banned once the password is right, and wrong credentials otherwise', async () => {
    const banned = await account('banned@example.com');
    await server.database.db
      .update(players)
      .set({ status: 'banned' })
      .where(eq(players.id, banned.id));
    const tab = server.browser();
    const right = await post(tab, 'auth/login', {
      login: 'banned@example.com',
      password: PASSWORD,
    });
    expect(right.body.error?.type).toBe('UserBannedException');
    expect(right.body.error?.error_data).toMatchObject({ type: 'user-banned' });
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    // No enumeration: a wrong password for the banned account reads like any wrong password.
    const wrong = await post(tab, 'auth/login', {
      login: 'banned@example.com',
      password: 'wrong-password',
    });
    expect(wrong.body.error?.type).toBe('AuthorizationException');
    expect(wrong.body.error?.error_data ?? {}).not.toMatchObject({ type: 'user-banned' });
  });
});

/** Issue #25: the authenticator app is asked for at every door, not only auth/login. */
describe('authenticator app on every door', () => {
  /** A player with a confirmed e-mail and the app on; answers a code maker for its key. */
  async function appAccount(email: string) {
    const player = await account(email);
    const tab = server.browser();
    expect((await post(tab, 'auth/login', { login: email, password: PASSWORD })).status).toBe(200);
    const started = await post(tab, 'account/startAppTwoFactor');
    const { secret } = started.body.data as { secret: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    // The set-up code is the previous step's, so the current one is still unused for the door.
    const setupCode = totp.generate({ timestamp: Date.now() - 30_000 });
    expect((await post(tab, 'account/confirmAppTwoFactor', { code: setupCode })).status).toBe(200);
    return { player, code: () => totp.generate() };
  }

  it('/cms/auth/local wants the app code, not a mailed one', async () => {
    const { code } = await appAccount('app-cms@example.com');
    const first = await cmsSignIn('app-cms@example.com', PASSWORD);
    expect(first.status).toBe(401);
    expect(first.body.jwt).toBeUndefined();
    await expect(lastCode(server.browser(), 'app-cms@example.com')).rejects.toThrow();
    expect((await cmsSignIn('app-cms@example.com', PASSWORD, '000000')).status).toBe(401);
    const second = await cmsSignIn('app-cms@example.com', PASSWORD, code());
    expect(second.status).toBe(200);
    expect(typeof second.body.jwt).toBe('string');
  });

  it("the site's social sign-in waits for the app code (two_factor=app)", async () => {
    const { player, code } = await appAccount('app-site@example.com');
    await server.database.db
      .insert(socialIdentities)
      .values({ provider: 'google', subject: 'app-site', playerId: player.id });
    const tab = server.browser();
    const init = await tab('/oauth/init?service=google&redirect_url=/cashier');
    const authorize = new URL(init.headers.get('location')!, server.url);
    const state = authorize.searchParams.get('state')!;
    const oauthCode = await providerCode('app-site', 'app-site@example.com', authorize);
    const callback = await tab(`/oauth/google/callback?state=${state}&code=${oauthCode}`);
    expect(callback.headers.get('location')).toBe('/cashier?two_factor=app&resend_time=0');
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const submit = (value: string) =>
      tab('/oauth/two-factor', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-client': 'web/2.34' },
        body: JSON.stringify({ code: value }),
      });
    expect((await submit('000000')).status).toBe(401);
    expect((await submit(code())).status).toBe(200);
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
  });

  it('the content backend social callback wants the app code too', async () => {
    const { player, code } = await appAccount('app-cms-social@example.com');
    await server.database.db
      .insert(socialIdentities)
      .values({ provider: 'google', subject: 'app-cms-social', playerId: player.id });
    const token = await providerToken('app-cms-social', 'app-cms-social@example.com');
    const first = await cmsSocialCallback(token);
    expect(first.status).toBe(401);
    expect(first.body.jwt).toBeUndefined();
    const second = await cmsSocialCallback(token, code());
    expect(second.status).toBe(200);
  });
});
