import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { socialCallbackPaths } from '../providers/social/index.ts';
import type { SocialProvider } from '../providers/social/index.ts';
import { generateCodeVerifier, generateState } from 'arctic';
import { hmac, safeEqualHex } from '../lib/tokens.ts';
import { secureCookies } from './sessions.ts';

/**
 * The browser's round trip through a social provider, shared by the content backend's
 * `/cms/connect/{provider}` and the site's `/oauth/init`:
 *
 * 1. `startSocialFlow` picks a random `state` and a PKCE code verifier (arctic's
 *    `generateState` / `generateCodeVerifier`), keeps them (with the provider and where the
 *    browser lands at the end) in a short-lived HttpOnly, SameSite=Lax cookie signed with the
 *    server secret, and answers the provider's authorize URL, which carries only the verifier's
 *    S256 challenge.
 * 2. The provider sends the browser to our callback path with `code` and `state`.
 *    `finishSocialFlow` accepts it only when the state equals the cookie's, for the same
 *    provider, within 10 minutes; the cookie is spent either way. A login-CSRF page cannot know
 *    the victim's state, so it cannot sign the victim in to the attacker's account; and a code
 *    that leaks (history, Referer, logs) is useless without the verifier in this browser's cookie.
 *    The callback then exchanges code and verifier at the provider (SocialProvider.exchangeCode).
 */

export type SocialFlowKind = 'cms' | 'site';
export type TypeAuth = 'login' | 'register';

export interface SocialFlow {
  provider: string;
  /** A same-origin path (services/redirects.ts), checked when the flow started. */
  returnTo: string;
  typeAuth: TypeAuth;
  /** The PKCE code verifier whose challenge went to the provider (RFC 7636). */
  codeVerifier: string;
}

/** The state lives as long as the provider's token (10 minutes). */
export const SOCIAL_STATE_TTL_S = 10 * 60;

const COOKIE: Record<SocialFlowKind, { name: string; path: string }> = {
  // Sent only to the callback paths that read it.
  cms: { name: 'ns_cms_oauth', path: '/cms/connect' },
  site: { name: 'ns_oauth', path: '/oauth' },
};

interface CookiePayload {
  s: string;
  p: string;
  r: string;
  t: TypeAuth;
  /** The PKCE code verifier. */
  v: string;
  /** Expiry, ms since the epoch, by the server's clock. */
  e: number;
}

const sign = (app: AppContext, kind: SocialFlowKind, payload: string) =>
  hmac(app.secret, `social-flow:${kind}:${payload}`);

function cookieOptions(app: AppContext, request: FastifyRequest, kind: SocialFlowKind) {
  return {
    path: COOKIE[kind].path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(app, request),
  };
}

/** Sets the state cookie; answers where to send the browser (the provider's authorize URL). */
export function startSocialFlow(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SocialFlowKind,
  provider: SocialProvider,
  flow: { returnTo: string; typeAuth: TypeAuth },
): string {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const payload: CookiePayload = {
    v: codeVerifier,
    s: state,
    p: provider.name,
    r: flow.returnTo,
    t: flow.typeAuth,
    e: app.now().getTime() + SOCIAL_STATE_TTL_S * 1000,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  reply.setCookie(COOKIE[kind].name, `${encoded}.${sign(app, kind, encoded)}`, {
    ...cookieOptions(app, request, kind),
    maxAge: SOCIAL_STATE_TTL_S,
  });
  return provider.authorizeUrl({
    redirectUri: socialCallbackPaths(provider.name)[kind],
    state,
    codeVerifier,
  });
}

/**
 * The flow a callback belongs to, or an Authorization error (401) when the state does not match
 * this browser's cookie. The cookie is cleared in both cases: a state is good for one callback.
 */
export function finishSocialFlow(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SocialFlowKind,
  provider: SocialProvider,
  state: unknown,
): SocialFlow {
  const raw = request.cookies[COOKIE[kind].name];
  reply.clearCookie(COOKIE[kind].name, cookieOptions(app, request, kind));
  const payload = readCookie(app, kind, raw);
  if (
    !payload ||
    payload.p !== provider.name ||
    payload.e <= app.now().getTime() ||
    typeof state !== 'string' ||
    !safeEqualHex(Buffer.from(state).toString('hex'), Buffer.from(payload.s).toString('hex'))
  ) {
    throw new ApiError(
      'Authorization',
      'This sign-in was not started in this browser or took too long; please start again',
      { errorData: { reason: 'state_mismatch' } },
    );
  }
  return { provider: payload.p, returnTo: payload.r, typeAuth: payload.t, codeVerifier: payload.v };
}

function readCookie(app: AppContext, kind: SocialFlowKind, raw: unknown): CookiePayload | null {
  if (typeof raw !== 'string' || raw.length > 4000) return null;
  const [encoded = '', mac = ''] = raw.split('.');
  if (!/^[0-9a-f]{64}$/.test(mac) || !safeEqualHex(mac, sign(app, kind, encoded))) return null;
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as CookiePayload;
    return typeof value.s === 'string' &&
      typeof value.p === 'string' &&
      typeof value.r === 'string' &&
      typeof value.v === 'string' &&
      (value.t === 'login' || value.t === 'register') &&
      typeof value.e === 'number'
      ? value
      : null;
  } catch {
    return null;
  }
}

/**
 * The `error` a provider sent back, as a code safe to put in our own URL (`access_denied` when
 * the person pressed Cancel).
 */
export function providerError(value: unknown): string {
  return typeof value === 'string' && /^[a-z_]{1,40}$/.test(value) ? value : 'access_denied';
}
