import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * The kinds of ledger history another domain may list (§7 cashier/gethistory's `bonuses` and
 * `cashbacks`). What belongs to each is the wallet's own knowledge of its entries: the bonus
 * balances' credits that are no game money (the seamless wallet's bets and wins are left out),
 * and the cashbacks. Other domains ask by kind and never match the ledger's reason strings
 * (issue #23 §1).
 */
export type HistoryKind = 'bonuses' | 'cashbacks';

export interface HistoryEntry {
  id: number;
  amountMinor: bigint;
  currency: string;
  /** The currency's decimals (2 when the currency is unknown). */
  decimals: number;
  createdAt: Date;
}

const KIND_FILTER: Readonly<Record<HistoryKind, ReturnType<typeof sql>>> = {
  // Bonus money granted and ended (issue #26: bonus_credit, bonus_conversion, bonus_expired, …),
  // not the games' bets, wins and rollbacks on the bonus balance (reasons `game_*`).
  bonuses: sql`(l.kind in ('bonus', 'betting_bonus') and l.reason not like 'seamless%'
    and l.reason not like 'game\_%')`,
  cashbacks: sql`l.reason like 'cashback%'`,
};

/** One page of a player's ledger entries of one history kind, newest first, and their count. */
export async function history(
  db: Executor,
  playerId: number,
  kind: HistoryKind,
  page: { offset: number; count: number },
): Promise<{ total: number; items: HistoryEntry[] }> {
  const filter = KIND_FILTER[kind];
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ledger_entries l
        where l.player_id = ${playerId} and ${filter}`,
  );
  const rows = await rowsOf<{
    id: number | string;
    amount_minor: string;
    currency: string;
    decimals: number;
    created_at: Date | string;
  }>(
    db,
    sql`select l.id, l.amount_minor::text, l.currency, coalesce(c.decimals, 2) as decimals,
          l.created_at
        from ledger_entries l left join currencies c on c.code = l.currency
        where l.player_id = ${playerId} and ${filter}
        order by l.created_at desc, l.id desc offset ${page.offset} limit ${page.count}`,
  );
  return {
    total: counted!.total,
    items: rows.map((row) => ({
      id: Number(row.id),
      amountMinor: BigInt(row.amount_minor),
      currency: row.currency,
      decimals: row.decimals,
      createdAt: new Date(row.created_at),
    })),
  };
}
