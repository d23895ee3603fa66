import { openDialog, refreshSession, type ShellNavigation } from '@northstar/shell-sdk';
import { afterAuthTarget } from '@northstar/shell-sdk/after-auth';
import { clearStoredPromoCode } from '@northstar/shell-sdk/query-params';
import { track } from './analytics.ts';

/**
 * What follows a successful sign-in or sign-up (§4): the shell learns who is on the site (its
 * after-sign-in queue then opens the follow-up popups: social registration, unseen cashback,
 * campaign; the header shows the balance), the popup closes, and the player goes where §2 says:
 * after a sign-up to `register=success` on the deposit page (or the `redirectUrl`), after a
 * sign-in to the `redirectUrl`/`backUrl` or the locale's home.
 */
export async function finishAuth(options: {
  registered: boolean;
  method: string;
  navigation: ShellNavigation;
  close?: () => void;
  /** §3 `confirmEmailPopup`: after a sign-up with an e-mail, the follow-up queue asks to confirm it. */
  confirmEmail?: boolean;
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
  navigation.navigate(afterAuthTarget(search, { registered, locale: navigation.locale }));
}
