import { addSessionCheck } from '../identity/index.ts';
import { sessionAllowed } from './play-limits.ts';

/**
 * Player protection at identity's doors (issue #25), wired by server.ts at start (identity's
 * guards.ts): a session past the player's session-time limit ends at its next request.
 *
 * A self-excluded or timed-out player is signed out when the exclusion starts (every session),
 * but may sign in again: the spec keeps withdrawals open during an exclusion (§3, issue #25
 * "sign-out, marketing off, withdrawals still open"), and the money left on the account is the
 * player's. Everything else stays closed on the server for the whole period: real-money play
 * (the bet function and game launch), deposits, marketing.
 */
export function wirePlayerProtection(): void {
  addSessionCheck((app, session) =>
    sessionAllowed(app.database.db, session.playerId, session.startedAt, app.now()),
  );
}
