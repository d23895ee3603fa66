import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { createTemplate, type TemplateInput } from './service.ts';

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

/** Seeds the welcome offer once (a template an operator edits later is left as it is). */
export async function seedDemoBonusTemplates(db: Executor): Promise<void> {
  const [existing] = await rowsOf(
    db,
    sql`select 1 from bonus_templates where code = ${WELCOME_OFFER.code} limit 1`,
  );
  if (!existing) await createTemplate(db, WELCOME_OFFER);
}
