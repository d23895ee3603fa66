import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { favourites, gameProviders, games } from '../../db/schema/index.ts';
import type { ModuleHandlers } from '../../http/index.ts';

/** A start-up call of §7 (a later issue fills it with features): it answers from real tables. */
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
