import { ApiError } from '@northstar/errors';
import { addSessionCheck, addSignInCheck } from '../identity/index.ts';
import { selfExclusionOf } from './exclusion.ts';
import { sessionAllowed } from './play-limits.ts';

/**
 * Player protection at identity's doors (issue #25), wired by server.ts at start (identity's
 * guards.ts): a self-excluded or timed-out player is refused at every sign-in door after the
 * proof (so a guesser learns nothing), with when it ends (InvalidRequest, not AccessDenied: a
 * 403 would show the forbidden page instead of the sign-in form's notice); a session past the player's
 * session-time limit ends at its next request.
 */
export function wirePlayerProtection(): void {
  addSignInCheck(async (app, playerId) => {
    const exclusion = await selfExclusionOf(app.database.db, playerId, app.now());
    if (!exclusion.active) return;
    throw new ApiError('InvalidRequest', 'This account is closed to play for now', {
      errorData: {
        type: exclusion.kind === 'time_out' ? 'time-out' : 'self-excluded',
        until: exclusion.until?.toISOString() ?? 'permanent',
      },
    });
  });
  addSessionCheck((app, session) =>
    sessionAllowed(app.database.db, session.playerId, session.startedAt, app.now()),
  );
}
