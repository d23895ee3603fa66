/**
 * Campaigns' door (issue #23): the promo codes a player may enter at sign-up (§4). The
 * `promo_codes` table is declared in ./schema.ts and read only here; the API's
 * `campaigns/checkPromocode` (modules/campaigns) and the sign-up call these operations.
 */
export {
  DEMO_PROMO_CODES,
  findValidPromoCode,
  invalidPromoCode,
  normalisePromoCode,
  seedDemoPromoCodes,
  type ValidPromoCode,
} from './promo-codes.ts';
