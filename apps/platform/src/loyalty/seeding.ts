import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * The loyalty programme's starting tables (issue #27). `seedLoyaltyRules` always (like the
 * characters: a site needs levels and rates to count anything; an operator edits them later and a
 * row they have is left as it is); `seedDemoLoyalty` in demo mode: programmes and shop products.
 */

export const LEVELS = [
  { level: 1, name: 'Bronze', pointsFrom: 0n, cashbackPercent: 0, shopDiscountPercent: 0 },
  { level: 2, name: 'Silver', pointsFrom: 1_000n, cashbackPercent: 2, shopDiscountPercent: 5 },
  { level: 3, name: 'Gold', pointsFrom: 5_000n, cashbackPercent: 5, shopDiscountPercent: 10 },
  { level: 4, name: 'Platinum', pointsFrom: 20_000n, cashbackPercent: 8, shopDiscountPercent: 15 },
] as const;

/**
 * Points per 1.00 staked: slots 10, table games and dice 2 (their lower house edge), anything
 * else 5; the sportsbook 5 when it lands. In each of the site's currencies (BRL a fifth).
 */
const RATES: { product: string; category: string; perUnit: number }[] = [
  { product: 'casino', category: 'slots', perUnit: 10 },
  { product: 'casino', category: 'table', perUnit: 2 },
  { product: 'casino', category: 'dice', perUnit: 2 },
  { product: 'casino', category: '*', perUnit: 5 },
  { product: 'sports', category: '*', perUnit: 5 },
];
const CURRENCY_FACTOR: Record<string, number> = { EUR: 1, USD: 1, BRL: 0.2 };

export async function seedLoyaltyRules(db: Executor): Promise<void> {
  for (const l of LEVELS) {
    await db.execute(sql`
      insert into loyalty_levels (level, name, points_from, cashback_percent, shop_discount_percent)
      values (${l.level}, ${l.name}, ${l.pointsFrom.toString()}::bigint, ${l.cashbackPercent},
        ${l.shopDiscountPercent})
      on conflict do nothing`);
  }
  for (const [currency, factor] of Object.entries(CURRENCY_FACTOR)) {
    for (const r of RATES) {
      const perUnit = Math.max(1, Math.round(r.perUnit * factor));
      await db.execute(sql`
        insert into loyalty_earn_rates (product, category, currency, points_per_unit)
        values (${r.product}, ${r.category}, ${currency}, ${perUnit})
        on conflict do nothing`);
    }
  }
}

/** The demo slot (demo/seed.ts DEMO_FREESPIN_GAME) and its free-spin template (bonuses/). */
const SPINS_CODE = 'SPINS10';

export async function seedDemoLoyalty(db: Executor): Promise<void> {
  const [seeded] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from loyalty_programs`,
  );
  if ((seeded?.n ?? 0) === 0) {
    // The first-deposit quest pays points: a bonus beside the welcome offer's would put two
    // bonuses in a new player's list at their first deposit (a free-spin reward is the engine's
    // too: modules/loyalty/loyalty.test.ts sets one up).
    await db.execute(sql`
      insert into loyalty_programs (sysname, title, description, kind, category, target, period,
        reward_type, reward_points, reward_template_code, sort)
      values
        ('slot-week', 'Slot week', 'Play 50 rounds of any slot this week.', 'rounds', 'slots',
          50, 'week', 'points', 250, null, 1),
        ('first-deposit', 'First deposit', 'Make your first deposit.', 'deposits', null, 1,
          'once', 'points', 200, null, 2),
        ('complete-profile', 'Complete your profile', 'Fill in every field of your profile.',
          'profile', null, 1, 'once', 'points', 100, null, 3)`);
  }
  const [shop] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from loyalty_products`,
  );
  if ((shop?.n ?? 0) === 0) {
    await db.execute(sql`
      insert into loyalty_products (sysname, title, description, price_points, type,
        template_code, amount_minor, currency, min_level, sort)
      values
        ('spins-sunny-lemons', '10 free spins on Sunny Lemons Rising',
          '10 spins of €0.20 on Sunny Lemons Rising.', 500, 'freespins', ${SPINS_CODE}, null, null,
          1, 1),
        ('cash-5-eur', '€5 cash', '€5 straight to your balance, no wagering.', 2000, 'cash',
          null, 500, 'EUR', 2, 2),
        ('cash-25-eur', '€25 cash', '€25 straight to your balance, no wagering.', 8000, 'cash',
          null, 2500, 'EUR', 3, 3)`);
  }
}
