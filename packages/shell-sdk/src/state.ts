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
