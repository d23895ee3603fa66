import { jwtVerify, SignJWT } from 'jose';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { findPlayer, type Player } from './players.ts';
import { hmac } from '../lib/tokens.ts';

/** The content backend's JWT lives 30 days, like an application session. */
export const JWT_TTL_S = 30 * 24 * 60 * 60;

/**
 * A fingerprint of the password hash in the token: changing or resetting the password ends every
 * JWT issued before, as it ends the application sessions.
 */
function passwordVersion(app: AppContext, player: Player): string {
  return hmac(app.secret, `jwt:${player.passwordHash}`).slice(0, 16);
}

/** HS256 over the server secret; `sub` is the player id of the application API (one table). */
export async function issueJwt(app: AppContext, player: Player): Promise<string> {
  const now = Math.floor(app.now().getTime() / 1000);
  return new SignJWT({ pv: passwordVersion(app, player) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(player.id))
    .setIssuedAt(now)
    .setExpirationTime(now + JWT_TTL_S)
    .sign(app.secret);
}

const unauthorized = () => new ApiError('Authorization', 'Missing or invalid credentials');

/** The player a Bearer token names, or null when there is no Authorization header. */
export async function bearerPlayer(
  app: AppContext,
  request: FastifyRequest,
): Promise<Player | null> {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{10,2000})$/.exec(header);
  if (!match) throw unauthorized();
  let subject: string | undefined;
  let version: unknown;
  try {
    const { payload } = await jwtVerify(match[1]!, app.secret, {
      algorithms: ['HS256'],
      currentDate: app.now(),
    });
    subject = payload.sub;
    version = payload.pv;
  } catch {
    throw unauthorized();
  }
  if (!subject || !/^\d{1,9}$/.test(subject)) throw unauthorized();
  const player = await findPlayer(app.database.db, Number(subject));
  if (version !== passwordVersion(app, player)) throw unauthorized();
  return player;
}

// Issue #30: no content-backend write takes this token any more. Content editors write with their
// back-office session (content/staff-door.ts); the JWT is the player's, for what is theirs.
