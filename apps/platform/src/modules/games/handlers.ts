import { sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { latestExport, requestExport } from './exports.ts';
import { playerRounds } from './history.ts';
import { sessionSummary } from './session-summary.ts';
import { recentWins } from './winners.ts';

type GameRow = {
  sysname: string;
  name: string;
  provider_sysname: string;
  image_url: string | null;
  tags: string[];
  categories: string[];
  rtp_basis_points: number | null;
  volatility: string | null;
};

const SORTS: Record<string, SQL> = {
  popular: sql`popularity desc, name asc`,
  new: sql`released_at desc, name asc`,
  name: sql`name asc`,
  rtp: sql`rtp_basis_points desc nulls last, name asc`,
};

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

function gameNotFound(): ApiError {
  return new ApiError('InvalidParameter', 'There is no such game', {
    invalidParameters: { sysname: ['game_not_found'] },
  });
}

async function activeGame(app: AppContext, sysname: string): Promise<boolean> {
  const rows = await app.database.query(
    sql`select 1 from games where sysname = ${sysname} and is_active`,
  );
  return rows.length > 0;
}

/** §7 Games. */
export const gamesHandlers: ModuleHandlers<'games'> = {
  /**
   * The catalogue, filtered (category, providers, tags, search) and sorted. The search matches any
   * part of a name (ILIKE on the trigram index), the closest names first.
   */
  async get(ctx, params) {
    const options = params.options ?? {};
    const filters: SQL[] = [sql`is_active`];
    if (options.sysname) filters.push(sql`sysname = ${options.sysname}`);
    if (options.sysnames) {
      filters.push(options.sysnames.length ? sql`sysname in ${options.sysnames}` : sql`false`);
    }
    if (options.providers?.length) filters.push(sql`provider_sysname in ${options.providers}`);
    if (options.category) filters.push(sql`categories ? ${options.category}`);
    // The same match as jackpots/get's games_count, so a jackpot's page lists what it counts.
    if (options.jackpot) filters.push(sql`engine_config ->> 'jackpot' = ${options.jackpot}`);
    if (options.tags?.length) filters.push(sql`tags @> ${JSON.stringify(options.tags)}::jsonb`);
    const search = options.search?.trim();
    if (search) filters.push(sql`name ilike ${`%${escapeLike(search)}%`}`);
    const where = sql.join(filters, sql` and `);
    const order = search
      ? sql`similarity(name, ${search}) desc, ${SORTS[options.sort ?? 'popular']!}`
      : SORTS[options.sort ?? 'popular']!;
    const [counted] = await ctx.app.database.query<{ total: number }>(
      sql`select count(*)::int as total from games where ${where}`,
    );
    const rows = await ctx.app.database.query<GameRow>(sql`
      select sysname, name, provider_sysname, image_url, tags, categories, rtp_basis_points,
             volatility
      from games where ${where}
      order by ${order}
      limit ${options.limit ?? 50} offset ${options.offset ?? 0}`);
    return {
      total: counted?.total ?? 0,
      items: rows.map((g) => ({
        sysname: g.sysname,
        name: g.name,
        provider: { sysname: g.provider_sysname, game_params: {} },
        image_url: g.image_url,
        tags: g.tags,
        description: {},
        rtp: g.rtp_basis_points === null ? null : g.rtp_basis_points / 100,
        volatility: g.volatility,
        categories: g.categories,
      })),
    };
  },

  async getLikes(ctx) {
    const rows = await ctx.app.database.query<{ sysname: string }>(sql`
      select game_sysname as sysname from favourites where player_id = ${ctx.playerId()}
      order by created_at`);
    return { sysnames: rows.map((r) => r.sysname) };
  },

  /** A favourite, once (adding it again changes nothing). */
  async addLike(ctx, params) {
    if (!(await activeGame(ctx.app, params.sysname))) throw gameNotFound();
    await ctx.app.database.query(sql`
      insert into favourites (player_id, game_sysname) values (${ctx.playerId()}, ${params.sysname})
      on conflict do nothing`);
    return 1;
  },

  async removeLike(ctx, params) {
    await ctx.app.database.query(sql`
      delete from favourites where player_id = ${ctx.playerId()} and game_sysname = ${params.sysname}`);
    return 1;
  },

  /** Every category an active game is in, with how many games it holds. */
  async getCategories(ctx) {
    const rows = await ctx.app.database.query<{ sysname: string; count: number }>(sql`
      select category as sysname, count(*)::int as count
      from games, jsonb_array_elements_text(categories) as category
      where is_active and jsonb_typeof(categories) = 'array'
      group by category order by count desc, category asc limit 1000`);
    return { total: rows.length, items: rows };
  },

  async getProviders(ctx, params) {
    const types =
      params.types
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean) ?? [];
    const rows = await ctx.app.database.query<{
      sysname: string;
      name: string;
      image_url: string | null;
      type: string;
      games_count: number;
    }>(sql`
      select p.sysname, p.name, p.image_url, p.type,
        (select count(*)::int from games g
         where g.is_active and g.provider_sysname = p.sysname) as games_count
      from game_providers p
      where p.is_active ${types.length ? sql`and p.type in ${types}` : sql``}
      order by p.name asc`);
    return { total: rows.length, items: rows };
  },

  /**
   * The player's rounds, newest first, from the wallet's own records (every provider's bets,
   * wins and rollbacks grouped by round): what the money did, not what a game says it did.
   */
  async getHistory(ctx, params) {
    return playerRounds(ctx.app, ctx.playerId(), {
      limit: params.count ?? 20,
      offset: params.offset ?? 0,
    });
  },

  async gethistoryexportrequest(ctx) {
    return latestExport(ctx.app, ctx.playerId());
  },

  async createhistoryexportrequest(ctx) {
    return requestExport(ctx.app, ctx.playerId());
  },

  /** Ours: every player's recent wins from the wallet's records (the winners page, lobby). */
  async getWinners(ctx, params) {
    return recentWins(ctx.app, {
      sort: params.sort ?? 'recent',
      limit: params.count ?? 20,
      offset: params.offset ?? 0,
    });
  },

  /** Ours: the money this play session moved (the game page's header, UK RTS 14 and 2E). */
  async getSessionSummary(ctx, params) {
    return sessionSummary(ctx.app, ctx.playerId(), params.since);
  },
};
