import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import {
  characters,
  favourites,
  freespinPacks,
  gameProviders,
  games,
  loyaltyAccounts,
} from '../../db/schema.ts';
import type { ModuleHandlers } from '../../http/handlers.ts';

/**
 * The start-up calls of §7 that later issues fill with features (games, providers, characters,
 * favourites, free spins, loyalty): they answer from real tables now, empty or seeded.
 */
export const gamesHandlers: ModuleHandlers<'games'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const options = params.options ?? {};
    const filters = [eq(games.isActive, true)];
    if (options.sysname) filters.push(eq(games.sysname, options.sysname));
    if (options.providers?.length)
      filters.push(sql`${games.providerSysname} in ${options.providers}`);
    if (options.category) filters.push(sql`${games.categories} ? ${options.category}`);
    if (options.search)
      filters.push(ilike(games.name, `%${options.search.replace(/[%_\\]/g, '\\$&')}%`));
    const where = and(...filters);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(games).where(where);
    const rows = await db
      .select()
      .from(games)
      .where(where)
      .orderBy(asc(games.name))
      .limit(options.limit ?? 50)
      .offset(options.offset ?? 0);
    return {
      total,
      items: rows.map((g) => ({
        sysname: g.sysname,
        name: g.name,
        provider: { sysname: g.providerSysname, game_params: {} },
        image_url: g.imageUrl,
        tags: g.tags,
        description: {},
      })),
    };
  },

  async getLikes(ctx) {
    const rows = await ctx.app.database.db
      .select({ sysname: favourites.gameSysname })
      .from(favourites)
      .where(eq(favourites.playerId, ctx.playerId()))
      .orderBy(favourites.createdAt);
    return { sysnames: rows.map((r) => r.sysname) };
  },

  async getProviders(ctx, params) {
    const db = ctx.app.database.db;
    const types =
      params.types
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean) ?? [];
    const rows = await db
      .select()
      .from(gameProviders)
      .where(
        and(
          eq(gameProviders.isActive, true),
          ...(types.length ? [sql`${gameProviders.type} in ${types}`] : []),
        ),
      )
      .orderBy(asc(gameProviders.name));
    return {
      total: rows.length,
      items: rows.map((p) => ({
        sysname: p.sysname,
        name: p.name,
        image_url: p.imageUrl,
        type: p.type,
      })),
    };
  },
};

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
      })),
    };
  },
};
