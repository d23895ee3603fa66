import { atom } from 'jotai';

/** Money on the wire and in the UI: a decimal string in the currency's decimals (§3, API conventions). */
export interface Money {
  amount: string;
  currency: string;
}

export interface SessionUser {
  uid: number;
  login: string;
  fakename: string | null;
  /** False for a player a social sign-in created who still owes the rest of the sign-up (§2). */
  registrationCompleted?: boolean;
  /** When the player registered (ISO), for the hints of §4. */
  regTime?: string;
}

export type Session =
  { status: 'unknown' } | { status: 'anonymous' } | { status: 'signed-in'; user: SessionUser };

/** Who is on the site. The shell owns it; remotes read it (and later write it after sign-in). */
export const sessionAtom = atom<Session>({ status: 'unknown' });

let sessionRefresher: (() => Promise<void>) | null = null;

/**
 * The shell hands over how it learns who is on the site (`account/getInfo`); a remote that
 * signed the player in or out (the auth remote) calls `refreshSession`.
 */
export function provideSessionRefresh(refresh: () => Promise<void>): () => void {
  sessionRefresher = refresh;
  return () => {
    if (sessionRefresher === refresh) sessionRefresher = null;
  };
}

/** Asks the shell who is on the site now; `sessionAtom` follows. */
export function refreshSession(): Promise<void> {
  return sessionRefresher ? sessionRefresher() : Promise.resolve();
}

/**
 * §4 registration hint: where the cashier's deposit page keeps the player's "Hide" (this tab's
 * `sessionStorage`, the player's uid). §4 says the hint resets on logout: the shell removes it
 * whenever the session ends (apps/shell/src/session/sign-out-reset.ts), however it ended.
 */
export const REGISTRATION_HINT_HIDDEN_KEY = 'northstar:cashier:registration-hint-hidden';
