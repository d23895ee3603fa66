import type { ModuleHandlers } from '../handlers.ts';
import { freespinPacksOf, fromMinor } from '../../wallet/index.ts';

/**
 * §7 Freespins: the player's packs from their records (granted by a `free_spins` bonus, spent by
 * the games through the seamless wallet), by status, at most `count` (99, §9); `total` counts
 * them all.
 */
export const freespinsHandlers: ModuleHandlers<'freespins'> = {
  async get(ctx, params) {
    const rows = await freespinPacksOf(ctx.app.database.db, ctx.playerId(), {
      status: params.status,
      count: params.count,
    });
    return {
      total: rows.total ?? rows.length,
      items: rows.map((p) => ({
        id: p.id,
        game: { sysname: p.gameSysname },
        remaining_count: p.remainingCount,
        status: p.status,
        total_count: p.totalCount,
        stake: fromMinor(BigInt(p.stakeMinor), 2),
        currency: p.currency,
      })),
    };
  },
};
