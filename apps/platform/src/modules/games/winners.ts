import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sqlTime } from '../../db/client.ts';
import { publicNamesOf } from '../../identity/index.ts';
import { fromMinor } from '../../wallet/index.ts';
import { maskedNickname } from '../jackpots/index.ts';

/** How far back the winners list looks: a week of wins is "recent" on a lobby. */
const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Every player's wins (games/getWinners) from the wallet's own records, as getHistory reads a
 * player's rounds: a round counts once it is settled (closed, not refunded) and what it paid
 * beat what it staked, so a win that only gave part of the stake back is not a "win" here. Free
 * spins (no stake) count. `recent`: the newest first; `biggest`: the largest amounts of the week.
 */
export async function recentWins(
  app: AppContext,
  page: { sort: 'recent' | 'biggest'; limit: number; offset: number },
) {
  const since = new Date(app.now().getTime() - WINDOW_MS);
  // The wins of the window first (few rows), then their whole rounds: bets may be older.
  const wins = sql`
    select t.provider_id, t.round, min(t.player_id) as player_id, min(t.game_code) as game_code,
      min(t.currency) as currency, sum(t.amount_minor) as won, max(t.created_at) as won_at
    from wallet_transactions t
    where t.type = 'win' and t.amount_minor > 0 and t.created_at >= ${sqlTime(since)}
    group by t.provider_id, t.round`;
  const settled = sql`
    select w.*, coalesce(r.staked, 0) as staked from (${wins}) w
    join lateral (
      select
        sum(b.amount_minor) filter (where b.type = 'bet' and b.fingerprint <> 'tombstone')
          as staked,
        bool_or(b.type = 'bet' and b.state = 'rolled_back' and b.fingerprint <> 'tombstone')
          as refunded,
        bool_or(b.round_closed) as closed
      from wallet_transactions b
      where b.provider_id = w.provider_id and b.round = w.round and b.player_id = w.player_id
    ) r on true
    where r.closed and not coalesce(r.refunded, false) and w.won > coalesce(r.staked, 0)`;
  const [counted] = await app.database.query<{ total: number }>(
    sql`select count(*)::int as total from (${settled}) s`,
  );
  const order =
    page.sort === 'biggest'
      ? sql`s.won::numeric / power(10, coalesce(c.decimals, 2)) desc, s.won_at desc`
      : sql`s.won_at desc, s.round desc`;
  const rows = await app.database.query<{
    round: string;
    game_code: string;
    name: string | null;
    player_id: number;
    currency: string;
    decimals: number | null;
    won: string;
    staked: string;
    won_at: Date | string;
  }>(sql`
    select s.round, s.game_code, g.name, s.player_id, s.currency, c.decimals,
      s.won::text as won, s.staked::text as staked, s.won_at
    from (${settled}) s
    left join games g on g.sysname = s.game_code
    left join currencies c on c.code = s.currency
    order by ${order}
    limit ${page.limit} offset ${page.offset}`);
  // The winners' names are identity's (its door), masked here as before.
  const names = await publicNamesOf(
    app.database.db,
    rows.map((row) => Number(row.player_id)),
  );
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => {
      const decimals = row.decimals ?? 2;
      const name = names.get(Number(row.player_id));
      return {
        round: row.round,
        player: maskedNickname(name?.fakename ?? null, name?.login ?? null),
        game: { sysname: row.game_code, name: row.name ?? row.game_code },
        amount: fromMinor(BigInt(row.won), decimals),
        stake: fromMinor(BigInt(row.staked), decimals),
        currency: row.currency,
        won_at: new Date(row.won_at).toISOString(),
      };
    }),
  };
}
