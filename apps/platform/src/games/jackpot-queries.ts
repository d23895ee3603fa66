import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

/**
 * The jackpots' pools (jackpots/get), of one currency or all, with how many active games feed
 * each (the same match as the catalogue's `jackpot` filter). Joins the currencies reference
 * table for the decimals.
 */
export async function jackpotPools(app: AppContext, currency?: string) {
  return app.database.query<{
    id: number;
    sysname: string;
    name: string;
    currency: string;
    pool: string;
    decimals: number | null;
    games_count: number;
  }>(sql`
    select j.id, j.sysname, j.name, j.currency, j.pool_minor::text as pool, c.decimals,
      (select count(*)::int from games g
       where g.is_active and g.engine_config ->> 'jackpot' = j.sysname) as games_count
    from jackpots j left join currencies c on c.code = j.currency
    ${currency ? sql`where j.currency = ${currency}` : sql``}
    order by j.seed_minor desc, j.currency`);
}

/** The latest jackpot wins, of every jackpot or of one jackpot by its sysname, newest first. */
export async function jackpotWinsPage(
  app: AppContext,
  page: { jackpot?: string; limit: number; offset: number },
) {
  const only = page.jackpot
    ? sql`where w.jackpot_id in (select id from jackpots where sysname = ${page.jackpot})`
    : sql``;
  const [counted] = await app.database.query<{ total: number }>(
    sql`select count(*)::int as total from jackpot_wins w ${only}`,
  );
  const rows = await app.database.query<{
    sysname: string;
    name: string;
    owner: string;
    game_code: string;
    game_name: string | null;
    amount: string;
    currency: string;
    decimals: number | null;
    created_at: Date | string;
  }>(sql`
    select j.sysname, j.name, w.owner, w.game_code, g.name as game_name,
      w.amount_minor::text as amount, w.currency, c.decimals, w.created_at
    from jackpot_wins w
    join jackpots j on j.id = w.jackpot_id
    left join games g on g.sysname = w.game_code
    left join currencies c on c.code = w.currency
    ${only}
    order by w.created_at desc, w.id desc
    limit ${page.limit} offset ${page.offset}`);
  return { total: counted?.total ?? 0, rows };
}
