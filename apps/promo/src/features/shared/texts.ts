import { useLingui } from '@lingui/react/macro';
import type { ClaimFailure, PromoErrorKind } from './promo-errors.ts';

/** The translated texts of the promo field's refusals (§8) and of a refused claim. */
export function usePromoTexts() {
  const { t } = useLingui();
  const promoError = (kind: PromoErrorKind | null): string => {
    switch (kind) {
      case 'expired':
        return t({ id: 'promo.code.error.expired', message: 'This promo code has expired' });
      case 'usedUp':
        return t({
          id: 'promo.code.error.usedUp',
          message: 'This promo code has been used up',
        });
      case 'alreadyUsed':
        return t({
          id: 'promo.code.error.alreadyUsed',
          message: 'You have already used this promo code',
        });
      case 'newPlayersOnly':
        return t({
          id: 'promo.code.error.newPlayersOnly',
          message: 'This promo code is for new players only',
        });
      case 'unavailable':
        return t({
          id: 'promo.code.error.unavailable',
          message: 'This promo code is not available to your account',
        });
      case 'tooMany':
        return t({
          id: 'promo.code.error.tooMany',
          message: 'Too many attempts. Please wait a few minutes and try again',
        });
      case 'invalid':
        return t({ id: 'promo.code.error.invalid', message: 'This promo code is not valid' });
      case null:
        return t({
          id: 'promo.code.error.failed',
          message: 'We could not check this code just now. Please try again',
        });
    }
  };
  const required = () => t({ id: 'promo.code.error.required', message: 'Enter your promo code' });
  const claimError = (failure: ClaimFailure): string => {
    switch (failure) {
      case 'taken':
        return t({ id: 'promo.claim.error.taken', message: 'You have already claimed this offer' });
      case 'unavailable':
        return t({
          id: 'promo.claim.error.unavailable',
          message: 'This offer is not available to your account',
        });
      case 'other':
        return t({
          id: 'promo.claim.error.other',
          message: 'We could not claim this offer just now. Please try again',
        });
    }
  };
  return { promoError, required, claimError };
}
