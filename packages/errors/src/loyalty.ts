import { ApiError, isApiError } from './api-error.ts';

/**
 * The loyalty shop's refusals (issue #27). §8 has no loyalty types, so a refusal is its closest
 * §8 type, InvalidRequestException (400: nothing is retried, the UI shows a notice), with the
 * reason in `error_data.reason`; the shop page opens LoyaltyShopInsufficientFundsPopup for
 * `insufficient_points` (§2) and a notice for the others. An unknown product is not a refusal but
 * a field error (InvalidParameterException on `product_id`).
 */
export const LOYALTY_REFUSALS = [
  /** The player's points are below the product's price (after their level's discount). */
  'insufficient_points',
  /** The product is switched off, or grants nothing in the player's currency. */
  'product_unavailable',
  /** The product is for a higher level. */
  'level_too_low',
] as const;

export type LoyaltyRefusal = (typeof LOYALTY_REFUSALS)[number];

export function loyaltyRefusal(
  reason: LoyaltyRefusal,
  message: string,
  data: Record<string, unknown> = {},
): ApiError {
  return new ApiError('InvalidRequest', message, { errorData: { ...data, reason } });
}

/** The refusal an error carries, or null (another error, or another reason). */
export function loyaltyRefusalOf(error: unknown): LoyaltyRefusal | null {
  if (!isApiError(error) || error.type !== 'InvalidRequest') return null;
  const reason = error.errorData.reason;
  return (LOYALTY_REFUSALS as readonly unknown[]).includes(reason)
    ? (reason as LoyaltyRefusal)
    : null;
}
