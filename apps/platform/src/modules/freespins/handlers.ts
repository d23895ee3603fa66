import { and, eq } from 'drizzle-orm';
import { freespinPacks } from '../../db/schema/index.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { fromMinor } from '../../wallet/index.ts';

/** §7 Freespins: the player's packs (spent by the games through the seamless wallet). */
export const freespinsHandlers: ModuleHandlers<'freespins'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const filters = [eq(freespinPacks.playerId, ctx.playerId())];
    if (params.status) filters.push(eq(freespinPacks.status, params.status));
    const rows = await db
      .select()
      .from(freespinPacks)
      .where(and(...filters))
      .orderBy(freespinPacks.id)
      .limit(params.count ?? 99);
    return {
      total: rows.length,
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
