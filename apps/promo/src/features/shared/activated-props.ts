import type { Activation } from './api.ts';

/** The PromocodeActivatedPopup's id in the promo remote's `./dialogs` (§2, §4). */
export const PROMO_ACTIVATED_DIALOG = 'promo-activated';

/** What it shows: the code or offer, the bonus granted, or the deposit offer to take. */
export interface PromoActivatedProps {
  /** The code as the server spells it; absent for a claimed offer. */
  promoCode?: string;
  /** The offer's title; absent for a code. */
  title?: string;
  bonus: Activation['bonus'];
  offer: Activation['offer'];
}
