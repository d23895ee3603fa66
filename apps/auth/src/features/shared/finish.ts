import {
  isApiError,
  openDialog,
  refreshSession,
  routePath,
  type ShellNavigation,
} from '@northstar/shell-sdk';
import { afterAuthTarget } from '@northstar/shell-sdk/after-auth';
import { clearStoredPromoCode } from '@northstar/shell-sdk/query-params';
import { AUTH_METHODS, authApi } from '../../api.ts';
import { track } from './analytics.ts';

/** The PromocodeActivatedPopup's id in the promo remote's `./dialogs` (§2). */
const PROMO_ACTIVATED_DIALOG = 'promo-activated';

/**
 * §4 "any entered promo code is activated" after a sign-up: `campaigns/activateOffer`. A deposit
 * offer's code (WELCOME100) chooses that offer on the deposit form the player is sent to; the
 * PromocodeActivatedPopup shows what was granted, except on the deposit page (§2: it is not
 * shown there; the form itself shows the offer chosen). A refused code is said in a notice
 * (`onPromoRefused`): the account exists already, and the player can enter a code again later.
 */
async function activateEnteredCode(
  code: string,
  target: string,
  locale: ShellNavigation['locale'],
  onPromoRefused?: (codes: readonly string[] | undefined) => void,
): Promise<string> {
  try {
    const answer = await authApi.send(AUTH_METHODS.activateOffer, { promo_code: code });
    const url = new URL(target, 'https://site.invalid');
    const onDeposit = url.pathname === routePath('cashierDeposit', {}, locale);
    if (answer.offer && onDeposit)
      url.searchParams.set('campaign_offer_id', String(answer.offer.id));
    if (!onDeposit) {
      void openDialog({
        id: PROMO_ACTIVATED_DIALOG,
        remote: 'promo',
        props: { promoCode: answer.promo_code, bonus: answer.bonus, offer: answer.offer },
      });
    }
    return `${url.pathname}${url.search}${url.hash}`;
  } catch (error) {
    onPromoRefused?.(isApiError(error) ? error.invalidParameters.promo_code : undefined);
    return target;
  }
}

/**
 * What follows a successful sign-in or sign-up (§4): the shell learns who is on the site (its
 * after-sign-in queue then opens the follow-up popups: social registration, unseen cashback,
 * campaign; the header shows the balance), the popup closes, any promo code entered at sign-up
 * is activated, and the player goes where §2 says: after a sign-up to `register=success` on the
 * deposit page (or the `redirectUrl`), after a sign-in to the `redirectUrl`/`backUrl` or the
 * locale's home.
 */
export async function finishAuth(options: {
  registered: boolean;
  method: string;
  navigation: ShellNavigation;
  close?: () => void;
  /** §3 `confirmEmailPopup`: after a sign-up with an e-mail, the follow-up queue asks to confirm it. */
  confirmEmail?: boolean;
  /** The promo code the registration form sent (§4). */
  promoCode?: string;
  onPromoRefused?: (codes: readonly string[] | undefined) => void;
}): Promise<void> {
  const { registered, navigation } = options;
  // The page's query as it was when the form was sent.
  const search = navigation.search;
  if (registered) {
    track({ event: 'sign_up', method: options.method });
    clearStoredPromoCode();
  } else {
    track({ event: 'login', method: options.method });
  }
  // Closed first: the shell's after-sign-in queue may open this same dialog again at once (the
  // social-registration view), and that one must stay.
  options.close?.();
  // §4 follow-up queue after a sign-up: the e-mail confirmation first; the shell's after-sign-in
  // checks (unseen cashback, campaign) queue behind it as the session turns signed-in.
  if (registered && options.confirmEmail) void openDialog({ id: 'confirm-email', remote: 'auth' });
  await refreshSession();
  let target = afterAuthTarget(search, { registered, locale: navigation.locale });
  if (registered && options.promoCode) {
    target = await activateEnteredCode(
      options.promoCode,
      target,
      navigation.locale,
      options.onPromoRefused,
    );
  }
  navigation.navigate(target);
}
