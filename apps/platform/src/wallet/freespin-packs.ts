import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { freespinPacks } from './schema.ts';

/**
 * Free-spin packs are the wallet's (issue #23): the seamless wallet spends them as bets of zero
 * naming the pack (seamless/service.ts); grants and reads come through these doors.
 */
export type FreespinPack = typeof freespinPacks.$inferSelect;

/** A pack of free spins for a player who has none yet (a seed's grant, made once). */
export async function ensureFreespinPack(
  db: Executor,
  pack: {
    playerId: number;
    gameSysname: string;
    count: number;
    stakeMinor: number;
    currency: string;
  },
): Promise<void> {
  const [existing] = await db
    .select({ id: freespinPacks.id })
    .from(freespinPacks)
    .where(eq(freespinPacks.playerId, pack.playerId));
  if (existing) return;
  await db.insert(freespinPacks).values({
    playerId: pack.playerId,
    gameSysname: pack.gameSysname,
    remainingCount: pack.count,
    totalCount: pack.count,
    stakeMinor: pack.stakeMinor,
    currency: pack.currency,
  });
}

/** A player's packs, oldest first, optionally of one status (§7 freespins/get). */
export async function freespinPacksOf(
  db: Executor,
  playerId: number,
  options: { status?: string; count?: number } = {},
): Promise<FreespinPack[]> {
  const filters = [eq(freespinPacks.playerId, playerId)];
  if (options.status) filters.push(eq(freespinPacks.status, options.status));
  return db
    .select()
    .from(freespinPacks)
    .where(and(...filters))
    .orderBy(freespinPacks.id)
    .limit(options.count ?? 99);
}
