import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { fromMinor } from '../../wallet/index.ts';

/** A player's rounds from the wallet's records, newest first (games/getHistory, the export). */
export async function playerRounds(
  app: AppContext,
  playerId: number,
  page: { limit: number; offset: number },
) {
  // A round whose only rows are a rollback and its tombstone moved no money: not listed.
  const rounds = sql`
    select t.provider_id, t.round, min(t.game_code) as game_code, min(t.currency) as currency,
      coalesce(sum(t.amount_minor) filter (where t.type = 'bet'), 0)::text as staked,
      coalesce(sum(t.amount_minor) filter (where t.type = 'win'), 0)::text as won,
      bool_or(t.type = 'bet' and t.state = 'rolled_back' and t.fingerprint <> 'tombstone')
        as refunded,
      bool_or(t.round_closed) as closed,
      min(t.created_at) as started_at,
      max(t.created_at) filter (where t.round_closed) as finished_at
    from wallet_transactions t
    where t.player_id = ${playerId}
    group by t.provider_id, t.round
    having bool_or((t.type = 'bet' and t.fingerprint <> 'tombstone') or t.type = 'win')`;
  const [counted] = await app.database.query<{ total: number }>(
    sql`select count(*)::int as total from (${rounds}) r`,
  );
  const rows = await app.database.query<{
    round: string;
    provider_id: string;
    game_code: string;
    name: string | null;
    currency: string;
    decimals: number | null;
    staked: string;
    won: string;
    refunded: boolean;
    closed: boolean;
    started_at: Date | string;
    finished_at: Date | string | null;
  }>(sql`
    select r.*, g.name, c.decimals from (${rounds}) r
    left join games g on g.sysname = r.game_code
    left join currencies c on c.code = r.currency
    order by r.started_at desc, r.round desc
    limit ${page.limit} offset ${page.offset}`);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => {
      const decimals = row.decimals ?? 2;
      return {
        round: row.round,
        game: { sysname: row.game_code, name: row.name ?? row.game_code },
        provider: row.provider_id,
        currency: row.currency,
        stake: fromMinor(BigInt(row.staked), decimals),
        win: fromMinor(BigInt(row.won), decimals),
        status: row.refunded
          ? ('rolled_back' as const)
          : row.closed
            ? ('settled' as const)
            : ('open' as const),
        started_at: new Date(row.started_at).toISOString(),
        finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      };
    }),
  };
}
