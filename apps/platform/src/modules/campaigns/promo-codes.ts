import { eq } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { promoCodes } from '../../db/schema/index.ts';

/** The code as stored: trimmed, upper case (codes match without regard to case). */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface ValidPromoCode {
  promo_code: string;
  description: string | null;
}

/** The promo code when it exists, is switched on and has not expired; else null. */
export async function findValidPromoCode(
  app: AppContext,
  code: string,
): Promise<ValidPromoCode | null> {
  const normalised = normalisePromoCode(code);
  if (normalised === '') return null;
  const [row] = await app.database.db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalised));
  if (!row || !row.isActive) return null;
  if (row.validUntil && row.validUntil.getTime() <= app.now().getTime()) return null;
  return { promo_code: row.code, description: row.description };
}

export function invalidPromoCode(): ApiError {
  return new ApiError('InvalidParameter', 'This promo code is not valid', {
    invalidParameters: { promo_code: ['promo_code_invalid'] },
  });
}

/** Demo mode's promo codes (demo/seed.ts): one to use, one that expired. */
export const DEMO_PROMO_CODES = [
  { code: 'WELCOME100', description: '100% welcome bonus on the first deposit', validUntil: null },
  {
    code: 'SUMMER2025',
    description: 'Summer 2025 free spins (ended)',
    validUntil: new Date('2025-09-01T00:00:00Z'),
  },
];

export async function seedDemoPromoCodes(database: DatabaseHandle): Promise<void> {
  for (const promo of DEMO_PROMO_CODES) {
    await database.db.insert(promoCodes).values(promo).onConflictDoNothing();
  }
}
