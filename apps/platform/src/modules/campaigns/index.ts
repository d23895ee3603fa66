export { campaignsHandlers, promoActivationView } from './handlers.ts';
// The promo codes moved to the campaigns/ domain (issue #23); kept here for the demo seed's import
// until it calls campaigns/index.ts itself.
export {
  DEMO_PROMO_CODES,
  findValidPromoCode,
  invalidPromoCode,
  normalisePromoCode,
  seedDemoPromoCodes,
} from '../../campaigns/index.ts';
