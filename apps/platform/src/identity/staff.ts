import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_ROLES, type StaffRole } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { signInsCounter } from '../ops/index.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';
import {
  confirmAuthenticator,
  hasAuthenticator,
  startAuthenticator,
  verifyAuthenticatorCode,
} from './authenticator.ts';
import { verifyPassword } from './passwords.ts';
import { findPlayerBySignIn, type Player } from './players.ts';
import { clear, consume, refund } from './rate-limit.ts';
import { staffSessions } from './schema.ts';
import { secureCookies } from './sessions.ts';
import { accountKey, budgets, wrongCredentials } from './sign-in.ts';

/**
 * Issue #30: the back office's door. A staff account is an account with role `staff` and at
 * least one back-office role; it signs in here with its password **and** a code from an
 * authenticator app, always (its first sign-in sets the app up: the answer carries the QR code,
 * and the same call with the app's first code confirms it and signs in). The session is its own:
 * the `ns_staff` cookie (HttpOnly, SameSite=Strict: never sent by a request another site starts),
 * 30 minutes idle, 12 hours at most, in `staff_sessions`, never a player session. The same
 * budgets as every sign-in door (5 failures per account, 20 per address in 15 minutes), the same
 * one answer for an unknown account, a wrong password and an account that is not staff.
 */

export const STAFF_COOKIE = 'ns_staff';
export const STAFF_IDLE_S = 30 * 60;
export const STAFF_MAX_AGE_S = 12 * 60 * 60;
/** `last_seen_at` is written at most once a minute (a read is not a write on every request). */
const TOUCH_EVERY_MS = 60 * 1000;

export interface StaffMember {
  id: number;
  login: string;
  roles: StaffRole[];
}

const ROLE_SET: ReadonlySet<string> = new Set(STAFF_ROLES);

/** The roles of a stored list that are staff roles (a role since withdrawn counts for nothing). */
export const knownRoles = (stored: readonly string[]): StaffRole[] =>
  stored.filter((role): role is StaffRole => ROLE_SET.has(role));

/** The back-office roles an account holds (none: not staff, or not active). */
export function staffRolesOf(player: Pick<Player, 'role' | 'status' | 'staffRoles'>): StaffRole[] {
  if (player.role !== 'staff' || player.status !== 'active') return [];
  return knownRoles(player.staffRoles);
}

const memberOf = (player: Player): StaffMember => ({
  id: player.id,
  login: player.login,
  roles: staffRolesOf(player),
});

const cookieOptions = (app: AppContext, request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: secureCookies(app, request),
});

export interface StaffSignIn {
  login: string;
  password: string;
  code?: string | undefined;
}

/** Signs a staff member in (see above); answers who, and the recovery codes of a new app. */
export async function staffSignIn(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: StaffSignIn,
): Promise<{ staff: StaffMember; recoveryCodes?: string[] }> {
  const db = app.database.db;
  try {
    const player = await findPlayerBySignIn(db, attempt.login);
    const limits = budgets('staff-sign-in', request.ip, accountKey(attempt.login, player));
    await consume(app.database, limits, app.now());
    const valid = await verifyPassword(player?.passwordHash ?? null, attempt.password);
    if (!player || !valid || staffRolesOf(player).length === 0) throw wrongCredentials();
    await clear(app.database, [limits[0]!.key]);
    await refund(app.database, [limits[1]!.key]);

    let recoveryCodes: string[] | undefined;
    const step = { playerId: player.id, ip: request.ip, code: attempt.code ?? '' };
    if (await hasAuthenticator(db, player.id)) {
      if (!attempt.code) {
        signInsCounter.inc({ door: 'staff', outcome: 'two_factor' });
        throw new ApiError('Authorization', 'Enter the code from your authenticator app', {
          errorData: { two_factor_auth: true, two_factor_method: 'app' },
        });
      }
      await verifyAuthenticatorCode(app, step);
    } else if (!attempt.code) {
      // Two-factor is not optional for staff: the first sign-in sets the app up.
      const setup = await startAuthenticator(app, player);
      signInsCounter.inc({ door: 'staff', outcome: 'two_factor' });
      throw new ApiError('Authorization', 'Set up your authenticator app to continue', {
        errorData: { two_factor_setup: setup },
      });
    } else {
      recoveryCodes = await confirmAuthenticator(app, step);
    }
    await startStaffSession(app, request, reply, player.id);
    signInsCounter.inc({ door: 'staff', outcome: 'success' });
    return recoveryCodes ? { staff: memberOf(player), recoveryCodes } : { staff: memberOf(player) };
  } catch (error) {
    const prompt =
      error instanceof ApiError &&
      ('two_factor_auth' in error.errorData || 'two_factor_setup' in error.errorData);
    if (prompt) throw error;
    const limited = error instanceof ApiError && error.type === 'TooManyRequests';
    signInsCounter.inc({ door: 'staff', outcome: limited ? 'limited' : 'failure' });
    throw error;
  }
}

async function startStaffSession(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: number,
): Promise<void> {
  const previous = request.cookies[STAFF_COOKIE];
  if (previous) await revokeStaffToken(app, previous);
  const token = randomToken();
  const now = app.now();
  await app.database.db.insert(staffSessions).values({
    id: sha256(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_MAX_AGE_S * 1000),
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ip: request.ip,
  });
  reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(app, request), maxAge: STAFF_MAX_AGE_S });
}

async function revokeStaffToken(
  app: AppContext,
  token: string,
  db: Executor = app.database.db,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: app.now() })
    .where(and(eq(staffSessions.id, sha256(token)), isNull(staffSessions.revokedAt)));
}

/** Back-office sign-out: the session row is revoked (in `db`'s transaction), the cookie cleared. */
export async function endStaffSession(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  db: Executor = app.database.db,
): Promise<void> {
  const token = request.cookies[STAFF_COOKIE];
  if (token) await revokeStaffToken(app, token, db);
  reply.clearCookie(STAFF_COOKIE, cookieOptions(app, request));
}

/**
 * The staff member of the request's back-office session: live (not revoked, not past 12 hours,
 * not idle 30 minutes) and still staff with roles as they are now (roles taken away or an account
 * blocked take effect on the next request). Null otherwise.
 */
export async function resolveStaffSession(
  app: AppContext,
  request: FastifyRequest,
): Promise<StaffMember | null> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const [row] = await app.database.query<{
    staff_id: number;
    login: string;
    role: string;
    status: string;
    staff_roles: string[];
    last_seen_at: string | Date;
    expires_at: string | Date;
    revoked_at: string | Date | null;
  }>(
    sql`select s.staff_id, p.login, p.role, p.status, p.staff_roles, s.last_seen_at,
               s.expires_at, s.revoked_at
        from staff_sessions s join players p on p.id = s.staff_id
        where s.id = ${id}`,
    'staff_session_by_id',
  );
  const now = app.now();
  if (!row || row.revoked_at || new Date(row.expires_at) <= now) return null;
  const idleFor = now.getTime() - new Date(row.last_seen_at).getTime();
  const roles = staffRolesOf({ role: row.role, status: row.status, staffRoles: row.staff_roles });
  if (idleFor > STAFF_IDLE_S * 1000 || roles.length === 0) {
    await app.database.db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(eq(staffSessions.id, id));
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await app.database.db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(eq(staffSessions.id, id));
  }
  return { id: row.staff_id, login: row.login, roles };
}

/** Every back-office session of a staff member ends (roles changed, account blocked). */
export async function revokeStaffSessions(app: AppContext, staffId: number): Promise<void> {
  await app.database.db
    .update(staffSessions)
    .set({ revokedAt: app.now() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
