import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { hmac, safeEqualHex } from '../lib/tokens.ts';
import { CODE_TTL_MS } from './codes.ts';
import { secureCookies } from './sessions.ts';

/**
 * A social sign-in that passed the provider but waits for the two-factor code (site door,
 * `/oauth/{service}/callback`): the browser keeps which player in a signed, HttpOnly, SameSite
 * cookie sent only to `/oauth`, valid as long as the code (10 minutes). It proves the provider
 * step only; the session starts after `POST /oauth/two-factor` checks the code.
 */
const COOKIE = 'ns_oauth_2fa';
const PATH = '/oauth';

const sign = (app: AppContext, payload: string) =>
  hmac(app.secret, `two-factor-pending:${payload}`);

function options(app: AppContext, request: FastifyRequest) {
  return {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(app, request),
  };
}

export function pendingTwoFactor(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  playerId: number,
): void {
  const payload = `${playerId}.${app.now().getTime() + CODE_TTL_MS}`;
  reply.setCookie(COOKIE, `${payload}.${sign(app, payload)}`, {
    ...options(app, request),
    maxAge: CODE_TTL_MS / 1000,
  });
}

/** The player waiting for a code in this browser, or null (no cookie, forged or expired). */
export function readPendingTwoFactor(app: AppContext, request: FastifyRequest): number | null {
  const raw = request.cookies[COOKIE];
  const match =
    typeof raw === 'string' ? /^(\d{1,9})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(raw) : null;
  if (!match) return null;
  const payload = `${match[1]}.${match[2]}`;
  if (!safeEqualHex(match[3]!, sign(app, payload))) return null;
  if (Number(match[2]) <= app.now().getTime()) return null;
  return Number(match[1]);
}

export function clearPendingTwoFactor(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.clearCookie(COOKIE, options(app, request));
}
