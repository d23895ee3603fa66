import { sql } from 'drizzle-orm';
import type { ModuleHandlers } from '../handlers.ts';
import { publicNamesOf } from '../../identity/index.ts';
import { fromMinor } from '../../wallet/index.ts';
import { maskedNickname } from './masked.ts';

/** §7 Jackpots: the pools of the built-in games' jackpots (games/jackpots.ts) and their wins. */
export const jackpotsHandlers: ModuleHandlers<'jackpots'> = {
  async get(ctx, params) {
    const rows = await ctx.app.database.query<{
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
      ${params.currency ? sql`where j.currency = ${params.currency}` : sql``}
      order by j.seed_minor desc, j.currency`);
    return {
      total: rows.length,
      items: rows.map((row) => ({
        id: row.id,
        sysname: row.sysname,
        name: row.name,
        currency: row.currency,
        amount: fromMinor(BigInt(row.pool), row.decimals ?? 2),
        games_count: row.games_count,
      })),
    };
  },

  /** The latest jackpot wins, of every jackpot or (ours) of one jackpot by its sysname. */
  async getWinners(ctx, params) {
    const only = params.jackpot
      ? sql`where w.jackpot_id in (select id from jackpots where sysname = ${params.jackpot})`
      : sql``;
    const [counted] = await ctx.app.database.query<{ total: number }>(
      sql`select count(*)::int as total from jackpot_wins w ${only}`,
    );
    const rows = await ctx.app.database.query<{
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
      limit ${params.count ?? 20} offset ${params.offset ?? 0}`);
    // A win's owner is the player's id as text (identity's names are read through its door).
    const playerIdOf = (owner: string) => (/^\d{1,9}$/.test(owner) ? Number(owner) : null);
    const names = await publicNamesOf(
      ctx.app.database.db,
      rows.map((row) => playerIdOf(row.owner)).filter((id) => id !== null),
    );
    return {
      total: counted?.total ?? 0,
      items: rows.map((row) => {
        const id = playerIdOf(row.owner);
        const name = id === null ? undefined : names.get(id);
        return {
          jackpot: { sysname: row.sysname, name: row.name },
          player: maskedNickname(name?.fakename ?? null, name?.login ?? null),
          game: { sysname: row.game_code, name: row.game_name ?? row.game_code },
          amount: fromMinor(BigInt(row.amount), row.decimals ?? 2),
          currency: row.currency,
          won_at: new Date(row.created_at).toISOString(),
        };
      }),
    };
  },
};
