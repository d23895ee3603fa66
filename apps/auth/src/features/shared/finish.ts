import type { InferOutput } from 'valibot';
import type { signUpPromo } from '@northstar/contract';
import { openDialog, refreshSession, routePath, type ShellNavigation } from '@northstar/shell-sdk';
import { afterAuthTarget } from '@northstar/shell-sdk/after-auth';
import { clearStoredPromoCode } from '@northstar/shell-sdk/query-params';
import { track } from '@northstar/shell-sdk/analytics';

/** The PromocodeActivatedPopup's id in the promo remote's `./dialogs` (§2). */
const PROMO_ACTIVATED_DIALOG = 'promo-activated';

/** What `auth/register` says became of the promo code the sign-up carried (§4). */
export type SignUpPromo = InferOutput<typeof signUpPromo>;

/** The promo outcome of an `auth/register` answer, if the sign-up carried a code. */
export function signUpPromoOf(answer: object): SignUpPromo | undefined {
  return 'promo' in answer ? (answer.promo as SignUpPromo | undefined) : undefined;
}

/**
 * §4 "any entered promo code is activated" after a sign-up: the server does it in `auth/register`
 * for every door (the popup, the embedded form, a completed social sign-up); this says what it
 * gave, the same way for all of them. A deposit offer's code (WELCOME100) chooses that offer on
 * the deposit form the player is sent to; the PromocodeActivatedPopup shows what was granted,
 * except on the deposit page (§2: it is not shown there; the form itself shows the offer
 * chosen). A refused code (§8, e.g. used up since the field checked it) is said in a notice
 * (`onPromoRefused`): the account exists already, and the player can enter a code again later.
 */
export function announceSignUpPromo(
  promo: SignUpPromo,
  target: string,
  locale: ShellNavigation['locale'],
  onPromoRefused?: (codes: readonly string[] | undefined) => void,
): string {
  if (promo.status === 'refused') {
    onPromoRefused?.(promo.codes);
    return target;
  }
  const { activation } = promo;
  const url = new URL(target, 'https://site.invalid');
  const onDeposit = url.pathname === routePath('cashierDeposit', {}, locale);
  if (activation.offer && onDeposit)
    url.searchParams.set('campaign_offer_id', String(activation.offer.id));
  if (!onDeposit) {
    void openDialog({
      id: PROMO_ACTIVATED_DIALOG,
      remote: 'promo',
      props: { promoCode: activation.promo_code, bonus: activation.bonus, offer: activation.offer },
    });
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * What follows a successful sign-in or sign-up (§4): the shell learns who is on the site (its
 * after-sign-in queue then opens the follow-up popups: social registration, unseen cashback,
 * campaign; the header shows the balance), the popup closes, what the promo code entered at
 * sign-up gave is shown, and the player goes where §2 says: after a sign-up to `register=success` on the
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
  /** What the sign-up's promo code gave (`auth/register`'s `promo`, §4). */
  promo?: SignUpPromo;
  onPromoRefused?: (codes: readonly string[] | undefined) => void;
}): Promise<void> {
  const { registered, navigation } = options;
  // The page's query as it was when the form was sent.
  const search = navigation.search;
  if (registered) {
    track('sign_up', { method: options.method });
    clearStoredPromoCode();
  } else {
    track('login', { method: options.method });
  }
  // Closed first: the shell's after-sign-in queue may open this same dialog again at once (the
  // social-registration view), and that one must stay.
  options.close?.();
  // §4 follow-up queue after a sign-up: the e-mail confirmation first; the shell's after-sign-in
  // checks (unseen cashback, campaign) queue behind it as the session turns signed-in.
  if (registered && options.confirmEmail) void openDialog({ id: 'confirm-email', remote: 'auth' });
  await refreshSession();
  let target = afterAuthTarget(search, { registered, locale: navigation.locale });
  if (registered && options.promo) {
    target = announceSignUpPromo(options.promo, target, navigation.locale, options.onPromoRefused);
  }
  navigation.navigate(target);
}
