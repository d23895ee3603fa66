import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * What the money-facing domains (games/ launching a real-money game, payments/) read of a player:
 * the account's status and currency. A door of identity so they do not read `players` themselves
 * (issue #23 §1); null for no such player.
 */
export async function playerStanding(
  db: Executor,
  playerId: number,
): Promise<{ status: string; currency: string } | null> {
  const [row] = await rowsOf<{ status: string; currency: string }>(
    db,
    sql`select status, currency from players where id = ${playerId}`,
  );
  return row ?? null;
}
