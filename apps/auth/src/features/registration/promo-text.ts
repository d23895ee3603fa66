import { useLingui } from '@lingui/react/macro';
import type { PromoError } from './model.ts';

/** §8 the promo field's messages, by `promoError` (the registration form, the after-sign-up activation). */
export function usePromoErrorText(): (error: PromoError) => string {
  const { t } = useLingui();
  return (error) => {
    switch (error) {
      case 'expired':
        return t({ id: 'auth.promo.expired', message: 'This promo code has expired' });
      case 'used':
        return t({ id: 'auth.promo.used', message: 'This promo code has already been used' });
      case 'usedUp':
        return t({ id: 'auth.promo.usedUp', message: 'This promo code has been used up' });
      case 'newPlayersOnly':
        return t({
          id: 'auth.promo.newPlayersOnly',
          message: 'This promo code is for new players only',
        });
      case 'unavailable':
        return t({
          id: 'auth.promo.unavailable',
          message: 'This promo code is not available to your account',
        });
      default:
        return t({ id: 'auth.promo.invalid', message: 'This promo code is not valid' });
    }
  };
}
