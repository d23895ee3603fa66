import type { AppContext } from '../context.ts';

/**
 * Checks other domains add to sign-in and to every session look-up, wired by server.ts (player
 * protection, issue #25: a self-excluded or timed-out player cannot sign in, and a session past
 * the player's session-time limit ends). Identity cannot import those domains (they import its
 * `players` table), so they come in this way, as functions of the app and the player.
 */
export type SignInCheck = (app: AppContext, playerId: number) => Promise<void>;
export type SessionCheck = (
  app: AppContext,
  session: { playerId: number; startedAt: Date },
) => Promise<boolean>;

const signInChecks = new Set<SignInCheck>();
const sessionChecks = new Set<SessionCheck>();

/** A check run after the proof at every sign-in door; it refuses by throwing an ApiError. */
export function addSignInCheck(check: SignInCheck): void {
  signInChecks.add(check);
}

/** A check run at every session look-up; false ends the session. */
export function addSessionCheck(check: SessionCheck): void {
  sessionChecks.add(check);
}

export async function runSignInChecks(app: AppContext, playerId: number): Promise<void> {
  for (const check of signInChecks) await check(app, playerId);
}

export async function runSessionChecks(
  app: AppContext,
  session: { playerId: number; startedAt: Date },
): Promise<boolean> {
  for (const check of sessionChecks) if (!(await check(app, session))) return false;
  return true;
}
