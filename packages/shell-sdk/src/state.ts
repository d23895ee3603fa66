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
}

export type Session =
  { status: 'unknown' } | { status: 'anonymous' } | { status: 'signed-in'; user: SessionUser };

/** Who is on the site. The shell owns it; remotes read it (and later write it after sign-in). */
export const sessionAtom = atom<Session>({ status: 'unknown' });

/**
 * The balance shown in the header: main + bonus + betting bonus (§3). Null while unknown.
 * Any remote may write it (the cashier after a deposit, a game after a round); the shell's
 * header reads it. One atom instance in the page because shell-sdk and jotai are singletons.
 */
export const balanceAtom = atom<Money | null>(null);
