import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { currencies } from './schema.ts';

export type Currency = typeof currencies.$inferSelect;

/** Every currency the site knows, by code. */
export async function currencyList(db: Executor): Promise<Currency[]> {
  return db.select().from(currencies).orderBy(currencies.code);
}

/** The currency with this code, or null when the site does not know it. */
export async function findCurrency(db: Executor, code: string): Promise<Currency | null> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code)).limit(1);
  return row ?? null;
}

/** Adds a currency the site does not know yet (the seed); one it knows stays as it is. */
export async function ensureCurrency(db: Executor, currency: typeof currencies.$inferInsert) {
  await db.insert(currencies).values(currency).onConflictDoNothing();
}
