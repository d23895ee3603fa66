import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import { playerById } from '../../identity/index.ts';
import { findCurrency } from '../../reference/index.ts';
import { fromMinor, sessionMoves } from '../../wallet/index.ts';

/** A session is a sitting at the game page: older starts are refused rather than summed. */
export const SESSION_SUMMARY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Room for a `since` the server itself gave, read back after a little clock drift. */
const FUTURE_TOLERANCE_MS = 60 * 1000;

function sinceOutOfRange(code: 'min_value' | 'max_value'): ApiError {
  return new ApiError('InvalidParameter', 'The session start is out of range', {
    invalidParameters: { since: [code] },
  });
}

/**
 * What a player's play session has moved (UK RTS 14 and 2E: the net position since the session
 * began), summed from the wallet's own records (its door sessionMoves), never from what a game or the page reports:
 * stakes of bets that stood (a rolled-back bet and a rollback's tombstone moved nothing), wins,
 * and wins − stakes. Only rows in the player's currency: the header shows one currency.
 *
 * Without `since` the session starts now, by the database's clock, the clock the wallet's rows
 * are stamped with, so a browser's wrong clock cannot drop or add rounds.
 */
export async function sessionSummary(app: AppContext, playerId: number, since?: string) {
  const [clock] = await app.database.query<{ now: Date | string }>(sql`select now() as now`);
  const now = new Date(clock!.now);
  const start = since ? new Date(since) : now;
  if (Number.isNaN(start.getTime())) {
    throw new ApiError('InvalidParameter', 'The session start is not a date', {
      invalidParameters: { since: ['wrong_field'] },
    });
  }
  if (start.getTime() < now.getTime() - SESSION_SUMMARY_MAX_AGE_MS) {
    throw sinceOutOfRange('min_value');
  }
  if (start.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw sinceOutOfRange('max_value');

  const row = await playerById(app.database.db, playerId);
  if (!row) throw new ApiError('Authorization', 'Sign in to continue');
  const player = {
    currency: row.currency,
    decimals: (await findCurrency(app.database.db, row.currency))?.decimals ?? 2,
  };

  const { staked, won, rounds } = await sessionMoves(app, playerId, player.currency, start);
  const money = (minor: bigint) => fromMinor(minor, player.decimals);
  return {
    since: start.toISOString(),
    currency: player.currency,
    stakes: money(staked),
    wins: money(won),
    net: money(won - staked),
    rounds,
  };
}
