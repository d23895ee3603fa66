import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { createTemplate, grantBonus, templateByCode, type TemplateInput } from './service.ts';

/**
 * The demo's welcome offer (issue #26), as the home page says: 100 % of the first deposit up to
 * €500 with the code WELCOME100, wagered 35 times the bonus: slots count in full, tables 10 %;
 * at most €5 a bet while wagering; 7 days to activate, 30 to wager.
 */
export const WELCOME_OFFER: TemplateInput = {
  name: 'Welcome bonus 100 % up to €500',
  description: '100% of your deposit up to €500. Wager the bonus 35 times within 30 days.',
  kind: 'deposit_match',
  trigger: 'deposit',
  code: 'WELCOME100',
  currency: 'EUR',
  minDepositMinor: 2_000n,
  amountMinor: null,
  percent: 100,
  capMinor: 50_000n,
  wageringMultiplier: 35,
  wageringBase: 'bonus',
  weights: { slots: 100, table: 10, dice: 10 },
  defaultWeight: 0,
  excludedGames: [],
  maxBetMinor: 500n,
  activateHours: 7 * 24,
  wagerHours: 30 * 24,
};

/**
 * The demo's free spins (issue #26, demo mode only): 10 spins of €0.20 on one of the site's own
 * slots with the code SPINS10 (the registration promo field or the promo-code field grants it), to
 * play within 30 days; their winnings are bonus money wagered 30 times (slots in full, tables
 * 10 %), at most €5 a bet while wagering.
 */
export const FREE_SPINS_OFFER: TemplateInput = {
  name: '10 free spins on Sunny Lemons Rising',
  description: '10 free spins of €0.20. Winnings are bonus money: wager them 30 times in 30 days.',
  kind: 'free_spins',
  trigger: 'promo_code',
  code: 'SPINS10',
  currency: 'EUR',
  minDepositMinor: null,
  amountMinor: null,
  percent: null,
  capMinor: null,
  wageringMultiplier: 30,
  wageringBase: 'bonus',
  weights: { slots: 100, table: 10, dice: 10 },
  defaultWeight: 0,
  excludedGames: [],
  maxBetMinor: 500n,
  activateHours: 30 * 24,
  wagerHours: 30 * 24,
  // games/catalogue.ts: an in-house slot (demo/seed.ts DEMO_FREESPIN_GAME).
  freespinGame: 'northstar-sunny-lemons-rising',
  freespinCount: 10,
  freespinStakeMinor: 20n,
};

/**
 * The demo's sportsbook free bet (issues #26/#29, demo mode only): a €5 free bet with the code
 * FREEBET5 (campaigns/demo.ts makes the promo code), on a bet at odds of 1.50 or more, within
 * 7 days of the grant; the winnings without the stake are real money (free-bets.ts).
 */
export const FREE_BET_OFFER: TemplateInput = {
  name: '€5 free bet',
  description: 'A €5 free bet on any sports bet at odds of 1.50 or more, within 7 days.',
  kind: 'betting_free_bet',
  trigger: 'promo_code',
  code: 'FREEBET5',
  currency: 'EUR',
  minDepositMinor: null,
  amountMinor: 500n,
  percent: null,
  capMinor: null,
  wageringMultiplier: 0,
  wageringBase: 'bonus',
  weights: {},
  defaultWeight: 0,
  excludedGames: [],
  maxBetMinor: null,
  activateHours: 7 * 24,
  wagerHours: 7 * 24,
  minOdds: '1.50',
};

/** Seeds the demo's templates once each (a template an operator edits later is left as it is). */
export async function seedDemoBonusTemplates(db: Executor): Promise<void> {
  for (const template of [WELCOME_OFFER, FREE_SPINS_OFFER, FREE_BET_OFFER]) {
    const [existing] = await rowsOf(
      db,
      sql`select 1 from bonus_templates where code = ${template.code} limit 1`,
    );
    if (!existing) await createTemplate(db, template);
  }
}

/**
 * The demo player's free spins: the demo template granted once (grant key `demo-seed`), through
 * the engine's grant path like any player's, so the pack is a real pack of a real bonus.
 */
export async function grantDemoFreeSpins(db: Executor, playerId: number, now: Date) {
  const template = await templateByCode(db, FREE_SPINS_OFFER.code!, FREE_SPINS_OFFER.currency);
  if (!template) return;
  await db.transaction((tx) =>
    grantBonus(tx, now, {
      playerId,
      currency: FREE_SPINS_OFFER.currency,
      template,
      grantKey: 'demo-seed',
    }),
  );
}
