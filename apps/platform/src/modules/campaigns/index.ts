export { campaignsHandlers } from './handlers.ts';
export {
  DEMO_PROMO_CODES,
  findValidPromoCode,
  invalidPromoCode,
  normalisePromoCode,
  seedDemoPromoCodes,
} from './promo-codes.ts';
