import { sql } from 'drizzle-orm';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';

/**
 * The wallet's figures of the back office's daily report (issue #30), from the ledger, per UTC
 * day and currency: gross gaming revenue of real money and the players who bet.
 *
 * GGR is what the main balance lost to play: games' stakes minus their wins and rollbacks
 * (`game_*`, as cashback's net loss counts them), and sports' stakes minus returns, cash-outs and
 * corrections (`sports_*`). Bonus money is left out: staking it costs players nothing of their
 * own, and a free bet's winnings are the bonus engine's cost, not revenue. A movement counts on
 * the day it was written (a late win lowers the day it arrives, a closed day is never changed).
 * The reason strings stay inside wallet/.
 */

const CASINO = sql`l.reason in ('game_bet', 'game_win', 'game_rollback')`;
const SPORTS = sql`l.reason like 'sports\\_%'`;
/** A bet of any balance: a game's stake or a sports stake (a free bet moves no ledger money). */
const BET = sql`l.amount_minor < 0 and l.reason in ('game_bet', 'sports_stake')`;

export interface DailyGaming {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  currency: string;
  casinoGgrMinor: bigint;
  sportsGgrMinor: bigint;
  activePlayers: number;
}

const inRange = (range: { from: Date; until: Date }) =>
  sql`l.created_at >= ${sqlTime(range.from)} and l.created_at < ${sqlTime(range.until)}`;

export async function dailyGaming(
  db: Executor,
  range: { from: Date; until: Date },
): Promise<DailyGaming[]> {
  const rows = await rowsOf<{
    date: string;
    currency: string;
    casino: string;
    sports: string;
    active: number;
  }>(
    db,
    sql`select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, l.currency,
          coalesce(-sum(l.amount_minor) filter (where l.kind = 'main' and ${CASINO}), 0)::text as casino,
          coalesce(-sum(l.amount_minor) filter (where l.kind = 'main' and ${SPORTS}), 0)::text as sports,
          (count(distinct l.player_id) filter (where ${BET}))::int as active
        from ledger_entries l
        where ${inRange(range)} and (${CASINO} or ${SPORTS})
        group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => ({
    date: row.date,
    currency: row.currency,
    casinoGgrMinor: BigInt(row.casino),
    sportsGgrMinor: BigInt(row.sports),
    activePlayers: Number(row.active),
  }));
}

/** The players who bet in the range, each once, per currency (a range's own figure). */
export async function activePlayers(
  db: Executor,
  range: { from: Date; until: Date },
): Promise<Map<string, number>> {
  const rows = await rowsOf<{ currency: string; active: number }>(
    db,
    sql`select l.currency, count(distinct l.player_id)::int as active from ledger_entries l
        where ${inRange(range)} and ${BET} group by 1`,
  );
  return new Map(rows.map((row) => [row.currency, Number(row.active)]));
}
