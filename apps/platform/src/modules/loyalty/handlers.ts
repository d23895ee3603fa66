import type { ModuleHandlers } from '../handlers.ts';
import { playerById } from '../../identity/index.ts';
import { characterById, characterPage, loyaltyAccountOf } from '../../loyalty/index.ts';

/** A start-up call of §7 (a later issue fills it with features): it answers from real tables. */
export const loyaltyHandlers: ModuleHandlers<'loyalty'> = {
  async getcharacters(ctx, params) {
    const offset = params.offset ?? 0;
    const limit = params.limit ?? 20;
    const { rows, total } = await characterPage(ctx.app.database.db, offset, limit);
    return {
      items: rows.map((c) => ({
        id: c.id,
        sysname: c.sysname,
        name: c.name,
        image_url: c.imageUrl,
      })),
      offset,
      limit,
      total,
    };
  },

  async getinfo(ctx) {
    const db = ctx.app.database.db;
    const playerId = ctx.playerId();
    const account = await loyaltyAccountOf(db, playerId);
    const characterId = (await playerById(db, playerId))?.characterId ?? null;
    const character = characterId === null ? null : await characterById(db, characterId);
    return {
      id: playerId,
      uid: playerId,
      is_active: account.isActive,
      points: account.points,
      character: character
        ? {
            id: character.id,
            sysname: character.sysname,
            name: character.name,
            image_url: character.imageUrl,
          }
        : null,
      levels: [
        { level: 1, name: 'Bronze', points_from: 0 },
        { level: 2, name: 'Silver', points_from: 1000 },
        { level: 3, name: 'Gold', points_from: 5000 },
        { level: 4, name: 'Platinum', points_from: 20000 },
      ],
      pointsAlias: 'points',
    };
  },
};
