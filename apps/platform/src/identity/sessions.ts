import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionActivityEveryMs } from '@northstar/contract/session-activity';
import type { AppContext, SessionState } from '../context.ts';
import { runSessionChecks } from './guards.ts';
import { sessions } from './schema.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';

export const SESSION_COOKIE = 'ns_session';
/**
 * A hint the page's script may read (no secret, not HttpOnly): "this browser holds a session
 * cookie". Visitors without it are not asked for `account/getInfo` at start (no 401 in their
 * console, one request fewer). The session itself is only ever checked on the server; a stale
 * hint costs one 401, after which the shell drops it.
 */
export const SESSION_HINT_COOKIE = 'ns_signed_in';
/** Absolute lifetime of a session (the idle limit is general info's time_to_force_logout). */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Whether cookies carry `Secure`: on a TLS request, and always when the site's public URL is
 * https (behind a proxy that ends TLS, the request itself may look like plain http).
 */
export function secureCookies(app: AppContext, request: FastifyRequest): boolean {
  return request.protocol === 'https' || app.config.publicUrl?.startsWith('https:') === true;
}

/** Starts a new session (a new id at every sign-in) and sets the HttpOnly, SameSite=Lax cookie. */
export async function startSession(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  playerId: number,
): Promise<SessionState> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await revokeToken(app, previous);
  const token = randomToken();
  const id = sha256(token);
  const now = app.now();
  await app.database.db.insert(sessions).values({
    id,
    playerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_S * 1000),
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ip: request.ip,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(app, request),
    maxAge: SESSION_MAX_AGE_S,
  });
  setSessionHint(app, request, reply, true);
  return { id, playerId };
}

/** Sets or clears the readable hint that a session cookie is there. */
export function setSessionHint(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  present: boolean,
) {
  const options = {
    path: '/',
    httpOnly: false,
    sameSite: 'lax' as const,
    secure: secureCookies(app, request),
  };
  if (present) reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, maxAge: SESSION_MAX_AGE_S });
  else reply.clearCookie(SESSION_HINT_COOKIE, options);
}

/**
 * Keeps the hint in step with the session cookie on every page load (sessions started before
 * the hint existed get it; a hint without a session goes). Presence only: no database read.
 */
export function syncSessionHint(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const hasSession = Boolean(request.cookies[SESSION_COOKIE]);
  const hasHint = request.cookies[SESSION_HINT_COOKIE] === '1';
  if (hasSession !== hasHint) setSessionHint(app, request, reply, hasSession);
}

async function revokeToken(app: AppContext, token: string): Promise<void> {
  await app.database.db
    .update(sessions)
    .set({ revokedAt: app.now() })
    .where(and(eq(sessions.id, sha256(token)), isNull(sessions.revokedAt)));
}

/** Server-side sign-out: the session row is revoked, the cookie cleared. */
export async function endSession(app: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await revokeToken(app, token);
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(app, request),
  });
  setSessionHint(app, request, reply, false);
}

/** Every session of a player ends (after a password change or reset). */
export async function revokeAllSessions(
  app: AppContext,
  playerId: number,
  exceptId?: string,
): Promise<number> {
  let ended = 0;
  const rows = await app.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)));
  for (const row of rows) {
    if (row.id === exceptId) continue;
    await app.database.db
      .update(sessions)
      .set({ revokedAt: app.now() })
      .where(eq(sessions.id, row.id));
    ended += 1;
  }
  return ended;
}

/**
 * The request's session, if its cookie names a live one: not revoked, not past its 30 days, and
 * not idle longer than `idleTimeoutS` when that is set (0 = no idle limit).
 */
export async function resolveSession(
  app: AppContext,
  request: FastifyRequest,
  idleTimeoutS: number,
): Promise<SessionState | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  // Raw SQL: this runs on every signed-in request (stack-notes.md: keep hot paths off the ORM).
  const [found] = await app.database.query<{
    player_id: number;
    created_at: string | Date;
    last_seen_at: string | Date;
    expires_at: string | Date;
    revoked_at: string | Date | null;
  }>(
    sql`select player_id, created_at, last_seen_at, expires_at, revoked_at from sessions
        where id = ${id}`,
    'session_by_id',
  );
  const row = found && {
    playerId: found.player_id,
    createdAt: new Date(found.created_at),
    lastSeenAt: new Date(found.last_seen_at),
    expiresAt: new Date(found.expires_at),
    revokedAt: found.revoked_at ? new Date(found.revoked_at) : null,
  };
  const now = app.now();
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  // `last_seen_at` is written at most every `touchEveryMs` (a read is not a write on every
  // request), so it lags the last request by up to that much: the idle limit counts from it plus
  // that lag, and a session is never ended sooner than the limit after its last request.
  const touchEveryMs = sessionActivityEveryMs(idleTimeoutS);
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleTimeoutS > 0 && idleFor > idleTimeoutS * 1000 + touchEveryMs) {
    await app.database.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
    return null;
  }
  // Other domains' checks (guards.ts): a session past the player's session-time limit ends.
  if (!(await runSessionChecks(app, { playerId: row.playerId, startedAt: row.createdAt }))) {
    await app.database.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
    return null;
  }
  if (idleFor > touchEveryMs) {
    await app.database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { id, playerId: row.playerId, startedAt: row.createdAt };
}

/**
 * The id the security page shows for a session (issue #25): derived from the stored hash, so the
 * page never holds anything that could be replayed as a cookie or looked up directly.
 */
export const publicSessionId = (id: string) => sha256(`session-public:${id}`).slice(0, 32);

export interface LiveSession {
  id: string;
  publicId: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** A player's live sessions (not revoked, not expired), the most recently seen first. */
export async function liveSessions(app: AppContext, playerId: number): Promise<LiveSession[]> {
  const rows = await app.database.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.playerId, playerId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, app.now()),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.id,
    publicId: publicSessionId(row.id),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    userAgent: row.userAgent,
    ip: row.ip,
  }));
}

/** Ends one of the player's own sessions by its public id; false when none matches. */
export async function revokePlayerSession(
  app: AppContext,
  playerId: number,
  publicId: string,
): Promise<boolean> {
  const found = (await liveSessions(app, playerId)).find((s) => s.publicId === publicId);
  if (!found) return false;
  await app.database.db
    .update(sessions)
    .set({ revokedAt: app.now() })
    .where(and(eq(sessions.id, found.id), eq(sessions.playerId, playerId)));
  return true;
}
