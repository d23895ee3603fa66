import { count, eq, sql } from 'drizzle-orm';
import { characters, loyaltyAccounts } from '../../db/schema/index.ts';
import type { ModuleHandlers } from '../../http/index.ts';

/** A start-up call of §7 (a later issue fills it with features): it answers from real tables. */
export const loyaltyHandlers: ModuleHandlers<'loyalty'> = {
  async getcharacters(ctx, params) {
    const db = ctx.app.database.db;
    const offset = params.offset ?? 0;
    const limit = params.limit ?? 20;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(characters);
    const rows = await db
      .select()
      .from(characters)
      .orderBy(characters.id)
      .limit(limit)
      .offset(offset);
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
    await db.insert(loyaltyAccounts).values({ playerId }).onConflictDoNothing();
    const [account] = await db
      .select()
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.playerId, playerId));
    const [character] = await db
      .select()
      .from(characters)
      .where(sql`${characters.id} = (select character_id from players where id = ${playerId})`);
    return {
      id: playerId,
      uid: playerId,
      is_active: account?.isActive ?? true,
      points: account?.points ?? 0,
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
