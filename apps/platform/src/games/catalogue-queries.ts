import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * The game categories of the site: every category an active game is in. The gamehall category
 * middleware of §2 (web/page-rules.ts, through modules/games) sends `/gamehall/{category}` to the filtered game hall.
 */
export async function gameCategories(app: AppContext): Promise<string[]> {
  const rows = await app.database.query<{ category: string }>(sql`
    select distinct jsonb_array_elements_text("categories") as "category" from "games"
    where "is_active" and jsonb_typeof("categories") = 'array'
    order by 1
    limit 1000`);
  return rows.map((row) => row.category);
}

/**
 * The sysnames of the games the catalogue offers (catalogue's rule: switched on), in name order:
 * the game pages `/game/{sysname}` the sitemap lists (web/sitemap.ts).
 */
export async function activeGameSysnames(app: AppContext): Promise<string[]> {
  const rows = await app.database.query<{ sysname: string }>(sql`
    select "sysname" from "games" where "is_active" order by "sysname"`);
  return rows.map((row) => row.sysname);
}

/** A catalogue game as the catalogue query reads it (modules/games shapes the answer). */
export type CatalogueRow = {
  sysname: string;
  name: string;
  provider_sysname: string;
  image_url: string | null;
  tags: string[];
  categories: string[];
  rtp_basis_points: number | null;
  volatility: string | null;
};

export type CatalogueFilter = {
  sysname?: string;
  sysnames?: string[];
  providers?: string[];
  category?: string;
  jackpot?: string;
  tags?: string[];
  search?: string;
  sort?: 'popular' | 'new' | 'name' | 'rtp';
  limit: number;
  offset: number;
};

const SORTS: Record<string, SQL> = {
  popular: sql`popularity desc, name asc`,
  new: sql`released_at desc, name asc`,
  name: sql`name asc`,
  rtp: sql`rtp_basis_points desc nulls last, name asc`,
};

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/**
 * The catalogue (games/get), filtered (category, providers, tags, search) and sorted, of the
 * active games. The search matches any part of a name (ILIKE on the trigram index), the closest
 * names first.
 */
export async function catalogue(
  app: AppContext,
  options: CatalogueFilter,
): Promise<{ total: number; rows: CatalogueRow[] }> {
  const filters: SQL[] = [sql`is_active`];
  if (options.sysname) filters.push(sql`sysname = ${options.sysname}`);
  if (options.sysnames) {
    filters.push(options.sysnames.length ? sql`sysname in ${options.sysnames}` : sql`false`);
  }
  if (options.providers?.length) filters.push(sql`provider_sysname in ${options.providers}`);
  if (options.category) filters.push(sql`categories ? ${options.category}`);
  // The same match as jackpotPools' games_count, so a jackpot's page lists what it counts.
  if (options.jackpot) filters.push(sql`engine_config ->> 'jackpot' = ${options.jackpot}`);
  if (options.tags?.length) filters.push(sql`tags @> ${JSON.stringify(options.tags)}::jsonb`);
  const search = options.search?.trim();
  if (search) filters.push(sql`name ilike ${`%${escapeLike(search)}%`}`);
  const where = sql.join(filters, sql` and `);
  const order = search
    ? sql`similarity(name, ${search}) desc, ${SORTS[options.sort ?? 'popular']!}`
    : SORTS[options.sort ?? 'popular']!;
  const [counted] = await app.database.query<{ total: number }>(
    sql`select count(*)::int as total from games where ${where}`,
  );
  const rows = await app.database.query<CatalogueRow>(sql`
    select sysname, name, provider_sysname, image_url, tags, categories, rtp_basis_points,
           volatility
    from games where ${where}
    order by ${order}
    limit ${options.limit} offset ${options.offset}`);
  return { total: counted?.total ?? 0, rows };
}

/** Whether the catalogue offers this game (switched on). */
export async function isActiveGame(app: AppContext, sysname: string): Promise<boolean> {
  const rows = await app.database.query(
    sql`select 1 from games where sysname = ${sysname} and is_active`,
  );
  return rows.length > 0;
}

/** Every category an active game is in, with how many games it holds (games/getCategories). */
export async function categoryCounts(
  app: AppContext,
): Promise<{ sysname: string; count: number }[]> {
  return app.database.query<{ sysname: string; count: number }>(sql`
    select category as sysname, count(*)::int as count
    from games, jsonb_array_elements_text(categories) as category
    where is_active and jsonb_typeof(categories) = 'array'
    group by category order by count desc, category asc limit 1000`);
}

/** The active providers (of the given types, if any), with their active games' count. */
export async function providersWithCounts(app: AppContext, types: string[]) {
  return app.database.query<{
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
}

/**
 * The catalogue names of these games (any state: a switched-off game's old rounds keep its
 * name). A code the catalogue does not know is left out; callers show the code instead.
 */
export async function gameNamesOf(
  app: AppContext,
  sysnames: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(sysnames)];
  if (unique.length === 0) return new Map();
  const rows = await app.database.query<{ sysname: string; name: string }>(
    sql`select sysname, name from games where sysname in ${unique}`,
  );
  return new Map(rows.map((row) => [row.sysname, row.name]));
}

/**
 * The categories of each named game (issue #27: loyalty's earning rates and programmes are by
 * category); a game the catalogue does not know is left out.
 */
export async function gameCategoriesOf(
  db: Executor,
  sysnames: readonly string[],
): Promise<Map<string, string[]>> {
  const unique = [...new Set(sysnames)];
  if (unique.length === 0) return new Map();
  const rows = await rowsOf<{ sysname: string; categories: unknown }>(
    db,
    sql`select sysname, categories from games where sysname in ${unique}`,
  );
  return new Map(
    rows.map((row) => [
      row.sysname,
      Array.isArray(row.categories) ? row.categories.filter((c) => typeof c === 'string') : [],
    ]),
  );
}
