import type { AfterSignInCheck } from '@northstar/shell-sdk';
import { shellApi, SHELL_METHODS } from '../session/shell-api.ts';

/**
 * §4 "After login" step `unseen-cashback` (issue #26): the newest active cashback the player has
 * not been shown opens the profile remote's UnseenCashbackPopup, once: the highest id shown is
 * kept per player in localStorage (this browser), so the popup does not return on every sign-in
 * while the player chooses to claim later from /profile/cashback. Without storage it is shown
 * once per page load at most (the check runs once per signed-in player).
 */
export const SEEN_KEY = (uid: number) => `northstar:cashback:seen:${uid}`;

function readSeen(uid: number): number {
  try {
    return Number(window.localStorage.getItem(SEEN_KEY(uid)) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function writeSeen(uid: number, id: number): void {
  try {
    window.localStorage.setItem(SEEN_KEY(uid), String(id));
  } catch {
    // Storage blocked: nothing to remember it in.
  }
}

/**
 * The cashback the popup shows: the newest active one (ids only grow) not shown before (`seen`
 * is the highest id shown) and still claimable at `now`; else null.
 */
export function unseenCashback<
  T extends { id: number; status: string; receiving_expired_at: string },
>(items: readonly T[], seen: number, now: number): T | null {
  const newest = items
    .filter((c) => c.status === 'active')
    .reduce<T | null>((best, c) => (best === null || c.id > best.id ? c : best), null);
  if (!newest || newest.id <= seen) return null;
  return new Date(newest.receiving_expired_at).getTime() > now ? newest : null;
}

export const unseenCashbackCheck: AfterSignInCheck = async ({ user }) => {
  const page = await shellApi.send(SHELL_METHODS.cashbacks, {
    statuses: 'active',
    count: 1,
    sort: 'id',
    order: 'desc',
  });
  const newest = unseenCashback(page.items, readSeen(user.uid), Date.now());
  if (!newest) return null;
  writeSeen(user.uid, newest.id);
  return { id: 'unseen-cashback', remote: 'profile', props: { cashback: newest } };
};
