import { isApiError } from '@northstar/shell-sdk';

/** §8 "Promo errors": the messages the promo-code field shows. */
export type PromoErrorKind =
  'invalid' | 'expired' | 'usedUp' | 'alreadyUsed' | 'newPlayersOnly' | 'unavailable' | 'tooMany';

const BY_CODE: Readonly<Record<string, PromoErrorKind>> = {
  promo_code_invalid: 'invalid',
  promo_code_not_found: 'invalid',
  promo_code_expired: 'expired',
  promo_code_used_up: 'usedUp',
  promo_code_used: 'alreadyUsed',
  promo_code_already_used: 'alreadyUsed',
  promo_code_new_players_only: 'newPlayersOnly',
  promo_code_unavailable: 'unavailable',
};

/** §8: the first `promo_code` error code picks the message, INVALID when it is not a known one. */
export function promoErrorKind(codes: readonly string[] | undefined): PromoErrorKind {
  return BY_CODE[codes?.[0] ?? ''] ?? 'invalid';
}

/**
 * What a failed `activateOffer` says on the field: the §8 code's message; too many tries its own
 * message; anything else (offline, an outage) is not a verdict on the code, so `null` (the form
 * says "try again").
 */
export function activationFailure(error: unknown): PromoErrorKind | null {
  if (!isApiError(error)) return null;
  if (error.type === 'TooManyRequests') return 'tooMany';
  const codes = error.invalidParameters.promo_code;
  return codes ? promoErrorKind(codes) : null;
}

/** What a refused `takepromotions` means for the claim button. */
export type ClaimFailure = 'taken' | 'unavailable' | 'other';

export function claimFailure(error: unknown): ClaimFailure {
  if (!isApiError(error)) return 'other';
  const code = error.invalidParameters.offer_id?.[0];
  if (code === 'offer_taken') return 'taken';
  if (code === 'offer_unavailable' || code === 'wrong_field') return 'unavailable';
  return 'other';
}
