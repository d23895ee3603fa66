import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

/** A player's favourite games (games/getLikes), oldest first. */
export async function favouritesOf(app: AppContext, playerId: number): Promise<string[]> {
  const rows = await app.database.query<{ sysname: string }>(sql`
    select game_sysname as sysname from favourites where player_id = ${playerId}
    order by created_at`);
  return rows.map((r) => r.sysname);
}

/** A favourite, once (adding it again changes nothing). The caller checks that the game exists. */
export async function addFavourite(app: AppContext, playerId: number, sysname: string) {
  await app.database.query(sql`
    insert into favourites (player_id, game_sysname) values (${playerId}, ${sysname})
    on conflict do nothing`);
}

export async function removeFavourite(app: AppContext, playerId: number, sysname: string) {
  await app.database.query(sql`
    delete from favourites where player_id = ${playerId} and game_sysname = ${sysname}`);
}
