import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contacts,
  loyaltyAccounts,
  players,
  sandboxOauthCodes,
  sandboxOauthTokens,
  socialIdentities,
  wallets,
} from '../db/schema/index.ts';
import { DEMO_PLAYER } from '../demo/index.ts';
import { sha256 } from '../lib/tokens.ts';
import { get } from '../testing/api.ts';
import { cmsCall, typedError, type CmsAnswer } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Social sign-in through the sandbox provider, driven as a browser would: the content backend's
 * connect flow and callback (§7 "Content backend") and the site's /oauth/init (§7).
 */
let server: TestServer;
let clock = Date.parse('2026-11-21T12:00:00Z');
const TEN_MINUTES = 10 * 60 * 1000;
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
}, 60_000);
afterAll(() => server.close());

type Tab = typeof fetch;
interface Person {
  email: string;
  name?: string;
  verified?: boolean;
  decision?: 'allow' | 'cancel';
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function location(response: Response): string {
  const value = response.headers.get('location');
  if (value === null) throw new Error(`no Location (status ${response.status})`);
  return value;
}

/** Follows one redirect that must stay on this site; answers the next response. */
async function follow(tab: Tab, response: Response, status = 302): Promise<Response> {
  expect(response.status).toBe(status);
  const target = location(response);
  expect(target.startsWith('/') && !target.startsWith('//'), target).toBe(true);
  return tab(target);
}

/** The provider's consent page, filled in and submitted: answers the redirect it sends. */
async function consent(tab: Tab, page: Response, person: Person): Promise<Response> {
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!;
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1]!, unescapeHtml(match[2]!));
  }
  form.set('email', person.email);
  form.set('name', person.name ?? '');
  if (person.verified ?? true) form.set('email_verified', '1');
  form.set('decision', person.decision ?? 'allow');
  return tab(action, { method: 'POST', body: form });
}

/** Where the browser lands after `{backend}/connect/{provider}` and the consent form. */
async function cmsLanding(
  person: Person,
  options: { provider?: string; redirectUrl?: string; tab?: Tab } = {},
): Promise<URL> {
  const tab = options.tab ?? server.browser();
  const query =
    options.redirectUrl === undefined
      ? ''
      : `?redirect_url=${encodeURIComponent(options.redirectUrl)}`;
  const start = await tab(`/cms/connect/${options.provider ?? 'google'}${query}`);
  const page = await follow(tab, start);
  const back = await consent(tab, page, person);
  const landing = await follow(tab, back, 303);
  expect(landing.status).toBe(302);
  const target = location(landing);
  expect(target.startsWith('/') && !target.startsWith('//'), target).toBe(true);
  return new URL(target, 'http://site.test');
}

/**
 * A browser tab back from `{backend}/connect/{provider}`: the provider's access token waits in
 * its HttpOnly cookie for `/cms/auth/{provider}/callback`, and the landing URL carries none.
 */
async function accessToken(person: Person, provider = 'google'): Promise<Tab> {
  const tab = server.browser();
  const landed = await cmsLanding(person, { provider, tab });
  expect(landed.search).toBe('');
  return tab;
}

/** `/cms/auth/{provider}/callback` from a tab (with its cookies). */
async function callback(tab: Tab, provider = 'google', query = ''): Promise<CmsAnswer> {
  const response = await tab(`/cms/auth/${provider}/callback${query}`);
  return { status: response.status, body: (await response.json()) as CmsAnswer['body'] };
}

/** A tab holding a given token cookie, as a browser that was handed it would. */
function tabWithToken(token: string): Tab {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', `ns_cms_social=${token}`);
    return fetch(new URL(String(input), server.url), { ...init, headers, redirect: 'manual' });
  };
}

async function playerIdByLogin(login: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.login, login));
  return row!.id;
}

/** The browser part of /oauth/init: answers the tab (with its cookies) and the landing path. */
async function siteSignIn(
  person: Person,
  query: string,
  tab: Tab = server.browser(),
): Promise<{ tab: Tab; landing: string; status: number }> {
  const start = await tab(`/oauth/init?${query}`);
  const page = await follow(tab, start);
  const back = await consent(tab, page, person);
  const landing = await follow(tab, back, 303);
  return { tab, landing: landing.headers.get('location') ?? '', status: landing.status };
}

describe('social sign-in on the content backend', () => {
  it('runs the browser flow with PKCE: connect, consent page, code exchange, callback, users/me', async () => {
    const tab = server.browser();
    const start = await tab('/cms/connect/google?redirect_url=%2Fwelcome%3Ffrom%3Dsocial');
    expect(start.status).toBe(302);
    expect(location(start)).toMatch(/^\/sandbox\/oauth\/google\/authorize\?/);
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('ns_cms_oauth='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    const authorize = new URL(location(start), server.url);
    const state = authorize.searchParams.get('state')!;
    expect(cookie).not.toContain(state); // the cookie is signed, the state itself is not readable
    // Authorization code grant with an S256 challenge; the verifier never leaves the server.
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    // The provider's page: an accessible form, labelled fields, Continue and Cancel.
    const page = await tab(location(start));
    const html = await page.clone().text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(
      /<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email"/,
    );
    expect(html).toMatch(/<label for="name">/);
    expect(html).toMatch(/<input id="name" name="name" type="text"/);
    expect(html).toMatch(
      /<button type="submit" name="decision" value="allow"[^>]*>Continue<\/button>/,
    );
    expect(html).toMatch(
      /<button type="submit" name="decision" value="cancel"[^>]*>Cancel<\/button>/,
    );
    expect(html).not.toMatch(/<script/i);

    const back = await consent(tab, page, { email: 'Nova.Player@Example.com', name: 'Nova' });
    expect(back.status).toBe(303);
    const backUrl = new URL(location(back), server.url);
    expect(backUrl.pathname).toBe('/cms/connect/google/callback');
    expect(backUrl.searchParams.get('state')).toBe(state);
    expect([...backUrl.searchParams.keys()].sort()).toEqual(['code', 'state']);
    const code = backUrl.searchParams.get('code')!;
    const codes = await server.database.db.select().from(sandboxOauthCodes);
    expect(codes.some((row) => row.codeHash === sha256(code))).toBe(true);

    const landing = await tab(location(back));
    expect(landing.status).toBe(302);
    const landed = new URL(location(landing), 'http://site.test');
    expect(landed.pathname).toBe('/welcome');
    expect([...landed.searchParams.entries()]).toEqual([['from', 'social']]);
    // The code was spent by the exchange; the access token is in an HttpOnly cookie for
    // /cms/auth/google/callback only, and only its hash is stored.
    const spent = await server.database.db.select().from(sandboxOauthCodes);
    expect(spent.some((row) => row.codeHash === sha256(code))).toBe(false);
    const tokenCookie = landing.headers
      .getSetCookie()
      .find((line) => line.startsWith('ns_cms_social='))!;
    expect(tokenCookie).toMatch(/HttpOnly/i);
    expect(tokenCookie).toMatch(/SameSite=Strict/i);
    expect(tokenCookie).toMatch(/Path=\/cms\/auth\/google\/callback/);
    const token = /^ns_cms_social=([^;]+)/.exec(tokenCookie)![1]!;
    const stored = await server.database.db.select().from(sandboxOauthTokens);
    expect(stored.some((row) => row.tokenHash === sha256(token))).toBe(true);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const answer = await callback(tab);
    expect(answer.status).toBe(200);
    const user = answer.body.user as { id: number; email: string; provider: string };
    expect(user).toMatchObject({ email: 'nova.player@example.com', provider: 'google' });
    const me = await cmsCall(server.url, 'GET', '/cms/users/me', {
      jwt: answer.body.jwt as string,
    });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('creates a new player the way registration does: contact, loyalty account and wallet', async () => {
    const token = await accessToken({ email: 'fresh@example.com', verified: true });
    const answer = await callback(token);
    expect(answer.status).toBe(200);
    const id = (answer.body.user as { id: number }).id;
    const db = server.database.db;
    const [player] = await db.select().from(players).where(eq(players.id, id));
    expect(player).toMatchObject({ login: 'fresh@example.com', currency: 'EUR', status: 'active' });
    const [email] = await db.select().from(contacts).where(eq(contacts.playerId, id));
    expect(email).toMatchObject({ type: 'email', contact: 'fresh@example.com', isConfirmed: true });
    expect(
      await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, id)),
    ).toHaveLength(1);
    const wallet = await db.select().from(wallets).where(eq(wallets.playerId, id));
    expect(wallet).toEqual([{ playerId: id, kind: 'main', currency: 'EUR', balanceMinor: 0n }]);
    const identity = await db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.playerId, id));
    expect(identity).toMatchObject([{ provider: 'google', email: 'fresh@example.com' }]);
    // An e-mail the provider did not verify is kept, unconfirmed.
    const unverified = await callback(
      await accessToken({ email: 'maybe@example.com', verified: false }),
    );
    const unverifiedId = (unverified.body.user as { id: number }).id;
    const [contact] = await db.select().from(contacts).where(eq(contacts.playerId, unverifiedId));
    expect(contact).toMatchObject({ contact: 'maybe@example.com', isConfirmed: false });
    expect(unverified.body.user).toMatchObject({ confirmed: false, provider: 'google' });
  });

  it('signs the same identity in as the same user again', async () => {
    // Unverified: the e-mail alone would not link (see below), so only the identity can.
    const person = { email: 'again@example.com', verified: false };
    const first = await callback(await accessToken(person));
    const playersBefore = (await server.database.db.select().from(players)).length;
    const second = await callback(await accessToken(person));
    expect(second.status).toBe(200);
    expect((second.body.user as { id: number }).id).toBe((first.body.user as { id: number }).id);
    expect((await server.database.db.select().from(players)).length).toBe(playersBefore);
    // The same e-mail at another provider is another identity, linked by the verified e-mail.
    const verified = await callback(await accessToken({ email: 'both@example.com' }));
    const facebook = await callback(
      await accessToken({ email: 'both@example.com' }, 'facebook'),
      'facebook',
    );
    expect(facebook.body.user).toMatchObject({
      id: (verified.body.user as { id: number }).id,
      provider: 'facebook',
    });
  });

  it('links a verified e-mail to the player whose confirmed contact it is', async () => {
    const demoId = await playerIdByLogin(DEMO_PLAYER.login);
    const answer = await callback(await accessToken({ email: DEMO_PLAYER.login, verified: true }));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      id: demoId,
      provider: 'google',
      email: DEMO_PLAYER.login,
    });
    const linked = await server.database.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.playerId, demoId), eq(socialIdentities.provider, 'google')));
    expect(linked).toHaveLength(1);
    // The demo password still works: linking changed nothing else.
    const local = await cmsCall(server.url, 'POST', '/cms/auth/local', {
      body: { identifier: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
    });
    expect(local.status).toBe(200);
  });

  it('refuses to link an unverified e-mail, or one the player never confirmed', async () => {
    const demoId = await playerIdByLogin(DEMO_PLAYER.login);
    const unverified = await callback(
      await accessToken({ email: DEMO_PLAYER.login, verified: false }, 'facebook'),
      'facebook',
    );
    expect(unverified.status).toBe(401);
    expect(unverified.body.error?.details).toMatchObject({
      type: 'AuthorizationException',
      error_data: { reason: 'email_in_use' },
    });
    const facebookLinks = await server.database.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.playerId, demoId), eq(socialIdentities.provider, 'facebook')));
    expect(facebookLinks).toHaveLength(0);

    // Registered with a password, e-mail never confirmed: a verified provider e-mail is refused
    // too (whoever registered may not own the address).
    const registered = await cmsCall(server.url, 'POST', '/cms/auth/local/register', {
      body: { email: 'squatter@example.com', password: 'Secret-123' },
    });
    expect(registered.status).toBe(200);
    const verified = await callback(await accessToken({ email: 'squatter@example.com' }));
    expect(verified.status).toBe(401);
    expect(verified.body.error?.details).toMatchObject({
      error_data: { reason: 'email_in_use' },
    });
  });

  it('refuses missing, unknown, foreign and expired tokens, and ignores a token in the query', async () => {
    const refused = async (tab: Tab, provider = 'google', query = '') => {
      const answer = await callback(tab, provider, query);
      expect(answer.status, `${provider}${query}`).toBe(401);
      expect(answer.body.error?.details.type).toBe('AuthorizationException');
    };
    await refused(server.browser());
    await refused(tabWithToken('nope'));
    await refused(tabWithToken('A'.repeat(43)));
    // A token of one provider means nothing at another.
    const google = await accessToken({ email: 'expiry@example.com' });
    await refused(google, 'facebook');
    // The query form of Strapi is not read: a token never travels in a URL.
    const queried = await accessToken({ email: 'expiry@example.com' });
    expect((await callback(google)).status).toBe(200);
    await refused(server.browser(), 'google', '?access_token=whatever');

    // Never used, expired after its 10 minutes.
    clock += TEN_MINUTES + 1000;
    await refused(queried);
  });

  it('answers MethodNotFound for an unknown provider', async () => {
    for (const path of [
      '/cms/connect/github?redirect_url=/',
      '/cms/connect/github/callback?state=x&code=y',
      '/cms/auth/github/callback',
      '/cms/auth/local/callback',
      '/oauth/init?service=github',
      '/oauth/github/callback?state=x',
      '/sandbox/oauth/github/authorize?redirect_uri=/cms/connect/github/callback&state=x',
    ]) {
      const answer = await cmsCall(server.url, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(typedError(answer.body)?.type, path).toBe('MethodNotFoundException');
    }
  });

  it('lands on / for redirect targets that leave the site', async () => {
    for (const target of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'evil.example/path',
    ]) {
      const landed = await cmsLanding({ email: 'redirects@example.com' }, { redirectUrl: target });
      expect(landed.host, target).toBe('site.test');
      expect(landed.pathname, target).toBe('/');
      expect(landed.search, target).toBe('');
    }
    const site = await siteSignIn(
      { email: 'redirects@example.com' },
      'service=google&redirect_url=%2F%2Fevil.example',
    );
    expect(site.landing).toBe('/');
    const absolute = await siteSignIn(
      { email: 'redirects@example.com' },
      `service=google&redirect_url=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(absolute.landing).toBe('/');
  });

  it('sends tokens only to the redirect paths registered with the provider', async () => {
    for (const uri of [
      'https://evil.example/cb',
      '//evil.example/cb',
      '/profile',
      '/cms/connect/facebook/callback',
    ]) {
      const page = await cmsCall(
        server.url,
        'GET',
        `/sandbox/oauth/google/authorize?response_type=code&code_challenge_method=S256&code_challenge=${'c'.repeat(43)}&redirect_uri=${encodeURIComponent(uri)}&state=abc`,
      );
      expect(page.status, uri).toBe(400);
      // The provider's page is not the content backend: the §8 body.
      expect(typedError(page.body)?.invalid_parameters, uri).toEqual({
        redirect_uri: ['wrong_field'],
      });
      const codesBefore = (await server.database.db.select().from(sandboxOauthCodes)).length;
      const post = await fetch(new URL('/sandbox/oauth/google/authorize', server.url), {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          response_type: 'code',
          code_challenge_method: 'S256',
          code_challenge: 'c'.repeat(43),
          redirect_uri: uri,
          state: 'abc',
          email: 'x@example.com',
          decision: 'allow',
        }),
      });
      expect(post.status, uri).toBe(400);
      expect(post.headers.get('location'), uri).toBeNull();
      expect((await server.database.db.select().from(sandboxOauthCodes)).length).toBe(codesBefore);
    }
  });

  it('refuses a callback whose state does not match the browser', async () => {
    // The attacker's own round trip, stopped before the callback.
    const attacker = server.browser();
    const attackerStart = await attacker('/cms/connect/google?redirect_url=/');
    const attackerBack = await consent(attacker, await follow(attacker, attackerStart), {
      email: 'attacker@example.com',
    });
    const forged = location(attackerBack);
    expect(forged).toContain('code=');

    // A victim with no flow of its own, and one in the middle of its own flow.
    const fresh = await server.browser()(forged);
    expect(fresh.status).toBe(401);
    expect(fresh.headers.get('location')).toBeNull();
    const victim = server.browser();
    await victim('/cms/connect/google?redirect_url=/');
    const mismatch = await victim(forged);
    expect(mismatch.status).toBe(401);
    expect(
      ((await mismatch.json()) as { error: { details: { type: string; error_data: unknown } } })
        .error.details,
    ).toEqual(
      expect.objectContaining({
        type: 'AuthorizationException',
        error_data: { reason: 'state_mismatch' },
      }),
    );

    // A state is good once: after a refused attempt the browser's own flow must start again.
    const own = server.browser();
    const ownBack = location(
      await consent(own, await follow(own, await own('/cms/connect/google')), {
        email: 'own@example.com',
      }),
    );
    const tampered = new URL(ownBack, server.url);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    expect((await own(tampered.pathname + tampered.search)).status).toBe(401);
    expect((await own(ownBack)).status).toBe(401);

    // The site flow refuses the same way, without a session.
    const siteAttacker = server.browser();
    const siteForged = location(
      await consent(
        siteAttacker,
        await follow(siteAttacker, await siteAttacker('/oauth/init?service=google')),
        {
          email: 'attacker@example.com',
        },
      ),
    );
    const siteVictim = server.browser();
    await siteVictim('/oauth/init?service=google');
    const siteMismatch = await siteVictim(siteForged);
    expect(siteMismatch.status).toBe(401);
    expect(siteMismatch.headers.getSetCookie().some((line) => line.startsWith('ns_session='))).toBe(
      false,
    );
    expect((await get(siteVictim, 'account/getInfo')).status).toBe(401);
  });

  it('lands with error=access_denied when the person cancels at the provider', async () => {
    const tab = server.browser();
    const start = await tab('/cms/connect/facebook?redirect_url=/promotions');
    const back = await consent(tab, await follow(tab, start), {
      email: 'cancel@example.com',
      decision: 'cancel',
    });
    expect(back.status).toBe(303);
    expect(new URL(location(back), server.url).searchParams.get('error')).toBe('access_denied');
    expect(location(back)).not.toContain('code=');
    const landing = await tab(location(back));
    expect(location(landing)).toBe('/promotions?error=access_denied');
  });

  it('shows the consent form again for a wrong e-mail, without issuing a token', async () => {
    const tab = server.browser();
    const page = await follow(tab, await tab('/cms/connect/google'));
    const again = await consent(tab, page, { email: 'not-an-email' });
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(html).toContain('role="alert"');
    expect(html).toMatch(
      /<input id="email"[^>]*aria-invalid="true" aria-describedby="email-error"/,
    );
    expect(again.headers.get('location')).toBeNull();
  });
});

describe('social sign-in on the site (/oauth/init)', () => {
  it('ends with a working application session on redirect_url', async () => {
    const tab = server.browser();
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const { landing, status } = await siteSignIn(
      { email: 'site.player@example.com' },
      'service=google&redirect_url=%2Fcashier%2Fdeposit&type_auth=register',
      tab,
    );
    expect(status).toBe(302);
    expect(landing).toBe('/cashier/deposit');
    const info = await get(tab, 'account/getInfo');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      login: 'site.player@example.com',
      is_registration_completed: true,
      balance_main: { amount: '0.00', currency: 'EUR' },
    });
    // The same identity through the content backend is the same player.
    const cms = await callback(await accessToken({ email: 'site.player@example.com' }));
    expect((cms.body.user as { id: number }).id).toBe((info.body.data as { uid: number }).uid);
  });

  it('defaults to / and creates an account with registration still to complete from the sign-in form', async () => {
    const { tab, landing } = await siteSignIn(
      { email: 'from.login@example.com' },
      'service=facebook',
    );
    expect(landing).toBe('/');
    const info = await get(tab, 'account/getInfo');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      login: 'from.login@example.com',
      is_registration_completed: false,
    });
  });

  it('lands with auth_error and no session for a banned player or a cancel', async () => {
    const created = await callback(await accessToken({ email: 'banned@example.com' }));
    const id = (created.body.user as { id: number }).id;
    await server.database.db.update(players).set({ status: 'banned' }).where(eq(players.id, id));

    const banned = await siteSignIn(
      { email: 'banned@example.com' },
      'service=google&redirect_url=%2Fpromotions',
    );
    expect(banned.landing).toBe('/promotions?auth_error=user_banned');
    expect((await get(banned.tab, 'account/getInfo')).status).toBe(401);
    const cms = await callback(await accessToken({ email: 'banned@example.com' }));
    expect(cms.status).toBe(403);
    expect(cms.body.error?.details.type).toBe('UserBannedException');

    const cancelled = await siteSignIn(
      { email: 'whoever@example.com', decision: 'cancel' },
      'service=google&redirect_url=%2Fgamehall',
    );
    expect(cancelled.landing).toBe('/gamehall?auth_error=access_denied');
    expect((await get(cancelled.tab, 'account/getInfo')).status).toBe(401);
  });

  it('refuses a malformed /oauth/init with a typed error', async () => {
    for (const [query, field] of [
      ['', 'service'],
      ['service=google&type_auth=admin', 'type_auth'],
      ['service=Google%20Inc', 'service'],
      ['service=google&service=facebook', 'service'],
    ] as const) {
      const answer = await cmsCall(server.url, 'GET', `/oauth/init?${query}`);
      expect(answer.status, query).toBe(400);
      expect(typedError(answer.body)?.type, query).toBe('InvalidParameterException');
      expect(Object.keys(typedError(answer.body)?.invalid_parameters ?? {}), query).toContain(
        field,
      );
    }
  });
});

describe('authorization code with PKCE (issue #24)', () => {
  /** A verifier and its S256 challenge, as a client of the sandbox would make them. */
  const pkce = (verifier = randomBytes(32).toString('base64url')) => ({
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  });

  /** The sandbox's consent for a client of our own: answers the code it sends back. */
  async function codeFor(challenge: string, redirectUri = '/oauth/google/callback') {
    const tab = server.browser();
    const page = await tab(
      `/sandbox/oauth/google/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: 'northstar',
        redirect_uri: redirectUri,
        state: 'client-state',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
    );
    const back = new URL(
      location(await consent(tab, page, { email: 'pkce@example.com' })),
      server.url,
    );
    expect(back.searchParams.get('state')).toBe('client-state');
    return back.searchParams.get('code')!;
  }

  const exchange = async (fields: Record<string, string>) => {
    const response = await fetch(new URL('/sandbox/oauth/google/token', server.url), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: '/oauth/google/callback',
        ...fields,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('exchanges a code once, with its verifier, before it expires, for its redirect path', async () => {
    const good = pkce();
    const code = await codeFor(good.challenge);
    // A wrong verifier is refused, and spends the code (a guess gets one try).
    const wrong = await exchange({ code, code_verifier: pkce().verifier });
    expect(wrong).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect((await exchange({ code, code_verifier: good.verifier })).status).toBe(400);

    const fresh = await codeFor(good.challenge);
    const ok = await exchange({ code: fresh, code_verifier: good.verifier });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 600 });
    expect(ok.body.access_token).toMatch(/^[\w-]{43}$/);
    // Reused: refused.
    expect(await exchange({ code: fresh, code_verifier: good.verifier })).toEqual({
      status: 400,
      body: { error: 'invalid_grant' },
    });

    // Expired after 60 seconds.
    const late = await codeFor(good.challenge);
    clock += 61_000;
    expect((await exchange({ code: late, code_verifier: good.verifier })).status).toBe(400);

    // Another redirect path than the one it was issued for; no verifier at all.
    const elsewhere = await codeFor(good.challenge, '/cms/connect/google/callback');
    expect((await exchange({ code: elsewhere, code_verifier: good.verifier })).status).toBe(400);
    const bare = await codeFor(good.challenge);
    expect((await exchange({ code: bare })).status).toBe(400);

    // No challenge, or `plain`: the authorize request itself is refused.
    for (const query of [
      'response_type=code&redirect_uri=/oauth/google/callback&state=s',
      `response_type=code&redirect_uri=/oauth/google/callback&state=s&code_challenge=${good.challenge}&code_challenge_method=plain`,
      `response_type=token&redirect_uri=/oauth/google/callback&state=s&code_challenge=${good.challenge}&code_challenge_method=S256`,
    ]) {
      const answer = await cmsCall(server.url, 'GET', `/sandbox/oauth/google/authorize?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });

  it("refuses a code injected into another browser's flow: its verifier does not match", async () => {
    // The attacker's code, stopped before the callback; the victim's own flow and state.
    const attacker = server.browser();
    const attackerBack = new URL(
      location(
        await consent(
          attacker,
          await follow(attacker, await attacker('/oauth/init?service=google')),
          { email: 'injector@example.com' },
        ),
      ),
      server.url,
    );
    const victim = server.browser();
    const victimStart = new URL(
      location(await victim('/oauth/init?service=google&redirect_url=%2Flobby')),
      server.url,
    );
    const injected = await victim(
      `/oauth/google/callback?${new URLSearchParams({
        code: attackerBack.searchParams.get('code')!,
        state: victimStart.searchParams.get('state')!,
      })}`,
    );
    expect(location(injected)).toBe('/lobby?auth_error=authorization');
    expect(injected.headers.getSetCookie().some((line) => line.startsWith('ns_session='))).toBe(
      false,
    );
    expect((await get(victim, 'account/getInfo')).status).toBe(401);
  });

  it('signs in without any URL of the flow carrying an access token', async () => {
    const urls: string[] = [];
    const jar = server.browser();
    const tab: Tab = async (input, init) => {
      urls.push(String(input));
      const response = await jar(input, init);
      const next = response.headers.get('location');
      if (next) urls.push(next);
      return response;
    };
    const tokensBefore = new Set(
      (await server.database.db.select().from(sandboxOauthTokens)).map((row) => row.tokenHash),
    );
    const site = await siteSignIn(
      { email: 'no.leak@example.com' },
      'service=google&redirect_url=%2Fcashier',
      tab,
    );
    expect(site.landing).toBe('/cashier');
    expect((await get(jar, 'account/getInfo')).status).toBe(200);
    const cmsTab = await accessToken({ email: 'no.leak@example.com' });
    expect((await callback(cmsTab)).status).toBe(200);
    const issued = (await server.database.db.select().from(sandboxOauthTokens))
      .map((row) => row.tokenHash)
      .filter((hash) => !tokensBefore.has(hash));
    expect(issued.length).toBeGreaterThan(0);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) {
      const parsed = new URL(url, server.url);
      expect(parsed.searchParams.has('access_token'), url).toBe(false);
      for (const value of parsed.searchParams.values()) {
        expect(issued, url).not.toContain(sha256(value));
      }
    }
  });
});

describe('social sign-in limits', () => {
  it('rate-limits refused callbacks per address', async () => {
    clock += 16 * 60 * 1000; // a fresh 15-minute window
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const answer = await callback(tabWithToken(`bad-${attempt}`));
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    // The code exchange shares the budget: the connect flow lands with the error, no token.
    const landed = await cmsLanding({ email: 'limited@example.com' }, { redirectUrl: '/x' });
    expect(landed.pathname + landed.search).toBe('/x?error=too_many_requests');
    const blocked = await callback(tabWithToken('A'.repeat(43)));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.details.type).toBe('TooManyRequestsException');
    const site = await siteSignIn(
      { email: 'limited@example.com' },
      'service=google&redirect_url=%2Fx',
    );
    expect(site.landing).toBe('/x?auth_error=too_many_requests');
  });
});
