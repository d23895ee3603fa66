/**
 * Campaigns' door (issues #23, #26): promo codes with their limits (§4, §5, §8), and the offers
 * the site shows (§3 Offers). It owns `promo_codes`, `promo_code_activations`, `campaign_offers`
 * and `campaign_offer_takes` (./schema.ts); the bonus a code or an offer grants is bonuses/'s,
 * reached through bonuses/index.ts, and its money moves only through wallet/.
 */
export {
  activatePromoCode,
  createPromoCode,
  DEMO_PROMO_CODES,
  findValidPromoCode,
  invalidPromoCode,
  normalisePromoCode,
  PROMO_ERRORS,
  promoRefusal,
  seedDemoPromoCodes,
  type PromoActivation,
  type PromoCodeInput,
  type PromoErrorCode,
  type ValidPromoCode,
} from './promo-codes.ts';
export {
  depositOfferFor,
  depositOffersFor,
  offerViewer,
  saveOffer,
  takeOffer,
  visibleOffers,
  type Offer,
  type OfferViewer,
  type SatisfiesParams,
} from './offers.ts';
export { DEMO_FREE_BONUS, DEMO_MIDWEEK_OFFER, seedDemoCampaigns } from './demo.ts';
export {
  listOffers,
  listPromoCodes,
  setOfferActive,
  setPromoCodeActive,
  type StaffOffer,
  type StaffPromoCode,
} from './back-office.ts';
