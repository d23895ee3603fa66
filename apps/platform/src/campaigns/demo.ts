import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { createTemplate, templateByCode, type TemplateInput } from '../bonuses/index.ts';
import { saveOffer } from './offers.ts';

/**
 * Demo mode's campaigns (demo/seed.ts, demo mode only): two codes to try besides WELCOME100
 * and the expired SUMMER2025 (promo-codes.ts), and the offers the `/promotions` pages present.
 *
 * - `FREE10`: €10 without a deposit, new players only, once each, 1,000 uses in all.
 * - `SPINS10`: ten free spins on the site’s own slot (bonuses/seeding.ts), once each.
 * - `FREEBET5`: a €5 sportsbook free bet (bonuses/seeding.ts FREE_BET_OFFER), once each.
 * - `MIDWEEK5`: an offer a player takes on `/promotions/midweek-gift` (€5, once each).
 * - the WELCOME100 deposit offer (bonuses/seeding.ts) before the first deposit only.
 */
export const DEMO_FREE_BONUS: TemplateInput = {
  name: '€10 free bonus',
  description: '€10 bonus money without a deposit. Wager it 20 times within 7 days.',
  kind: 'no_deposit',
  trigger: 'promo_code',
  code: 'FREE10',
  currency: 'EUR',
  minDepositMinor: null,
  amountMinor: 1_000n,
  percent: null,
  capMinor: null,
  wageringMultiplier: 20,
  wageringBase: 'bonus',
  weights: { slots: 100, table: 10, dice: 10 },
  defaultWeight: 0,
  excludedGames: [],
  maxBetMinor: 200n,
  activateHours: 7 * 24,
  wagerHours: 7 * 24,
};

export const DEMO_MIDWEEK_OFFER: TemplateInput = {
  ...DEMO_FREE_BONUS,
  name: 'Midweek gift €5',
  description: '€5 bonus money, once per player. Wager it 10 times within 3 days.',
  trigger: 'offer',
  code: 'MIDWEEK5',
  amountMinor: 500n,
  wageringMultiplier: 10,
  activateHours: 3 * 24,
  wagerHours: 3 * 24,
};

async function ensureTemplate(db: Executor, input: TemplateInput) {
  return (await templateByCode(db, input.code!, input.currency)) ?? createTemplate(db, input);
}

export async function seedDemoCampaigns(db: Executor): Promise<void> {
  const free = await ensureTemplate(db, DEMO_FREE_BONUS);
  await db.execute(sql`
    insert into promo_codes (code, description, template_id, max_uses, max_uses_per_player,
      new_players_only)
    values ('FREE10', ${DEMO_FREE_BONUS.description}, ${free.id}, 1000, 1, true)
    on conflict (code) do nothing`);
  // The free-spins code (bonuses/seeding.ts FREE_SPINS_OFFER): its template is seeded first;
  // once per player, for anyone (a pack on the site's own slot is no risk to a first deposit).
  const spins = await templateByCode(db, 'SPINS10', 'EUR');
  if (spins) {
    await db.execute(sql`
      insert into promo_codes (code, description, template_id, max_uses, max_uses_per_player,
        new_players_only)
      values ('SPINS10', ${spins.description}, ${spins.id}, null, 1, false)
      on conflict (code) do nothing`);
  }
  // The free-bet code (bonuses/seeding.ts FREE_BET_OFFER), seeded the same way: once per player,
  // for anyone (a free bet risks none of the player's money).
  const freeBet = await templateByCode(db, 'FREEBET5', 'EUR');
  if (freeBet) {
    await db.execute(sql`
      insert into promo_codes (code, description, template_id, max_uses, max_uses_per_player,
        new_players_only)
      values ('FREEBET5', ${freeBet.description}, ${freeBet.id}, null, 1, false)
      on conflict (code) do nothing`);
  }
  const midweek = await ensureTemplate(db, DEMO_MIDWEEK_OFFER);
  const [seeded] = await rowsOf(db, sql`select 1 from campaign_offers limit 1`);
  if (seeded) return; // An operator's later edits stay.
  await saveOffer(db, {
    templateId: midweek.id,
    title: DEMO_MIDWEEK_OFFER.name,
    description: DEMO_MIDWEEK_OFFER.description,
    excludeMethods: [],
    satisfies: {},
    promotions: ['midweek-gift'],
    validUntil: null,
  });
  const welcome = await templateByCode(db, 'WELCOME100', 'EUR');
  if (welcome) {
    await saveOffer(db, {
      templateId: welcome.id,
      title: welcome.name,
      description: welcome.description,
      excludeMethods: [],
      satisfies: { first_deposit: true },
      promotions: ['welcome-bonus'],
      validUntil: null,
    });
  }
}
