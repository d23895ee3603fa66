/**
 * §4 "Confirm-contacts hint: shown until a deadline after registration when the login contact
 * is unconfirmed and no confirm_sent_{userId} marker exists", switched on by the common
 * content's `confirmHint.showConfirmContactsHint`, not on the pages of `pageExceptions`.
 *
 * The deadline is not given by the spec: a week after registration, the time a new player is
 * most likely to need a password reset and the window in which we nudge (documented choice).
 */
export const CONFIRM_HINT_DAYS = 7;

/** §3 storage key; the auth remote sets it when a confirmation is sent. */
export function confirmSentKey(uid: number): string {
  return `confirm_sent_${uid}`;
}

export interface ConfirmHintInput {
  enabled: boolean;
  pageExceptions: readonly string[];
  /** The page's path without its locale prefix. */
  path: string;
  regTime: string | null;
  now: Date;
  login: string;
  contacts: readonly { contact: string; is_confirmed: boolean }[] | null;
  markerSet: boolean;
}

export function showConfirmHint(input: ConfirmHintInput): boolean {
  if (!input.enabled || input.markerSet || !input.regTime || !input.contacts) return false;
  if (
    input.pageExceptions.some((page) => input.path === page || input.path.startsWith(`${page}/`))
  ) {
    return false;
  }
  const registered = Date.parse(input.regTime);
  if (!Number.isFinite(registered)) return false;
  if (input.now.getTime() > registered + CONFIRM_HINT_DAYS * 24 * 60 * 60 * 1000) return false;
  const login = input.login.trim().toLowerCase();
  const own = input.contacts.find((c) => c.contact.trim().toLowerCase() === login);
  // The login contact is the one the player signs in with: unconfirmed (or not listed yet).
  return !own?.is_confirmed;
}
