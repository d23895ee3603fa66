/**
 * Marketing's door (issue #25): a player's marketing consent per product and channel (its own
 * table, `marketing_consents`) and the one way a marketing message is queued, which refuses
 * without consent. Other domains import from here only.
 */
export {
  consentsOf,
  hasMarketingConsent,
  MARKETING_CHANNELS,
  MARKETING_PRODUCTS,
  recordMarketingConsent,
  withdrawAllMarketingConsent,
  type ConsentSource,
  type MarketingChannel,
  type MarketingConsent,
  type MarketingProduct,
} from './consent.ts';
export { queueMarketingMessage, type MarketingQueued, type MarketingRefusal } from './queue.ts';
