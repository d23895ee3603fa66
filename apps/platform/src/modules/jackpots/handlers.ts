import { jackpotPools, jackpotWinsPage } from '../../games/index.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { publicNamesOf } from '../../identity/index.ts';
import { fromMinor } from '../../wallet/index.ts';
import { maskedNickname } from './masked.ts';

/** §7 Jackpots: the pools of the built-in games' jackpots (games/jackpots.ts) and their wins. */
export const jackpotsHandlers: ModuleHandlers<'jackpots'> = {
  async get(ctx, params) {
    const rows = await jackpotPools(ctx.app, params.currency);
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
    const { total, rows } = await jackpotWinsPage(ctx.app, {
      jackpot: params.jackpot,
      limit: params.count ?? 20,
      offset: params.offset ?? 0,
    });
    // A win's owner is the player's id as text (identity's names are read through its door).
    const playerIdOf = (owner: string) => (/^\d{1,9}$/.test(owner) ? Number(owner) : null);
    const names = await publicNamesOf(
      ctx.app.database.db,
      rows.map((row) => playerIdOf(row.owner)).filter((id) => id !== null),
    );
    return {
      total,
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
