import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * A player's real-money net loss at the games (issue #26, for cashback/): the main balance's
 * game movements (bets minus wins, a rollback giving its bet back) between two ledger positions.
 * Only the **main** balance counts: a stake of bonus money is the operator's money, and paying
 * cashback on it would pay the bonus twice (what a regulated operator's cashback terms say).
 *
 * Periods are cut by ledger position (`ledgerWatermark`), not by the clock: the caller records the
 * position when it closes a period, and the next period starts exactly there, so every game
 * movement counts in exactly one period, a rollback that comes after its bet's period has closed
 * counts in the period it arrives in (a closed figure is never changed), and nothing depends on
 * the database's and the platform's clocks agreeing. The reason strings stay inside wallet/.
 */

/** The game movements of the main balance (sql/bet.sql `game_bet`, seamless/service.ts). */
const GAME_MAIN = sql`l.kind = 'main' and l.reason in ('game_bet', 'game_win', 'game_rollback')`;

/** The ledger's current position: every entry written so far has an id at most this. */
export async function ledgerWatermark(db: Executor): Promise<bigint> {
  const [row] = await rowsOf<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from ledger_entries`,
  );
  return row?.id ? BigInt(row.id) : 0n;
}

export interface NetLoss {
  playerId: number;
  currency: string;
  /** Stakes minus wins in minor units: positive a loss, negative a win. */
  netLossMinor: bigint;
}

/**
 * Each player's net loss in `currency` over the ledger entries with `afterId < id <= upToId`
 * (`upToId` null: up to now), for the players who played then; or one player's (`playerId`).
 */
export async function gameNetLosses(
  db: Executor,
  range: { currency: string; afterId: bigint; upToId: bigint | null; playerId?: number },
): Promise<NetLoss[]> {
  const rows = await rowsOf<{ player_id: number; net: string }>(
    db,
    sql`select l.player_id, (-sum(l.amount_minor))::text as net from ledger_entries l
        where ${GAME_MAIN} and l.currency = ${range.currency}
          and l.id > ${range.afterId.toString()}::bigint
          ${range.upToId === null ? sql`` : sql`and l.id <= ${range.upToId.toString()}::bigint`}
          ${range.playerId === undefined ? sql`` : sql`and l.player_id = ${range.playerId}`}
        group by l.player_id order by l.player_id`,
  );
  return rows.map((r) => ({
    playerId: r.player_id,
    currency: range.currency,
    netLossMinor: BigInt(r.net),
  }));
}
