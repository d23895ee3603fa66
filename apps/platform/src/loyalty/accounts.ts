import { count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { characters, loyaltyAccounts } from './schema.ts';

export type Character = typeof characters.$inferSelect;
export type LoyaltyAccount = typeof loyaltyAccounts.$inferSelect;

/** A new player's loyalty account (at sign-up, in the sign-up's transaction). */
export async function openLoyaltyAccount(db: Executor, playerId: number): Promise<void> {
  await db.insert(loyaltyAccounts).values({ playerId }).onConflictDoNothing();
}

/**
 * The player's loyalty account, opened first when it is missing (a player made before loyalty
 * accounts were opened at sign-up).
 */
export async function loyaltyAccountOf(db: Executor, playerId: number): Promise<LoyaltyAccount> {
  await openLoyaltyAccount(db, playerId);
  const [account] = await db
    .select()
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.playerId, playerId));
  return account!;
}

/** One page of the characters a player may choose, and how many there are. */
export async function characterPage(
  db: Executor,
  offset: number,
  limit: number,
): Promise<{ rows: Character[]; total: number }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(characters);
  const rows = await db
    .select()
    .from(characters)
    .orderBy(characters.id)
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

export async function characterById(db: Executor, id: number): Promise<Character | null> {
  const [row] = await db.select().from(characters).where(eq(characters.id, id)).limit(1);
  return row ?? null;
}

/** Adds a character the site does not have yet (the seed); one it has stays as it is. */
export async function ensureCharacter(db: Executor, character: typeof characters.$inferInsert) {
  await db.insert(characters).values(character).onConflictDoNothing();
}
