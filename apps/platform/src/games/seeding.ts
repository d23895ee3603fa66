import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { freespinPacks, gameProviders } from './schema.ts';

/**
 * The games domain's door for seeds (demo/seed.ts): the seed asks games/ to list studios and to
 * grant free spins rather than writing games/'s tables itself (issue #23 §1).
 */

/** Each game provider (studio) listed once; an existing one is left as it is. */
export async function ensureGameProviders(
  db: Executor,
  providers: readonly { sysname: string; name: string; type: string }[],
): Promise<void> {
  for (const provider of providers)
    await db.insert(gameProviders).values(provider).onConflictDoNothing();
}

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
