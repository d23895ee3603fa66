import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

/**
 * The game categories of the site: every category an active game is in. The gamehall category
 * middleware of §2 (web/page-rules.ts) sends `/gamehall/{category}` to the filtered game hall.
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
 * The sysnames of the games the catalogue offers (games/get's rule: switched on), in name order:
 * the game pages `/game/{sysname}` the sitemap lists (web/sitemap.ts).
 */
export async function activeGameSysnames(app: AppContext): Promise<string[]> {
  const rows = await app.database.query<{ sysname: string }>(sql`
    select "sysname" from "games" where "is_active" order by "sysname"`);
  return rows.map((row) => row.sysname);
}
