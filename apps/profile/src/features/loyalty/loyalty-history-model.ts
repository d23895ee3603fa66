/**
 * The points history's view logic (§2 /profile/loyalty, issue #27): pages of the ledger and what
 * each row's kind means. Free of React so the tests pin it down.
 */

/** Rows a page (the API's default page is 20; a shorter page reads better on a phone). */
export const HISTORY_PAGE_SIZE = 10;

/** The API's params for the page (0-based). */
export function historyParams(page: number): { offset: number; count: number } {
  return { offset: Math.max(0, page) * HISTORY_PAGE_SIZE, count: HISTORY_PAGE_SIZE };
}

/** How many pages `total` rows make (at least one, so "Page 1 of 1" reads right when empty). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
}

/** A page that no longer exists (rows went away) falls back to the last one. */
export function clampPage(page: number, total: number): number {
  return Math.min(Math.max(0, page), pageCount(total) - 1);
}

/** §2 "points earned and spent": the contract's kinds, in two directions. */
export type HistoryKind = 'earn' | 'rollback' | 'spend' | 'reward' | 'other';

export function historyKind(kind: string): HistoryKind {
  return kind === 'earn' || kind === 'rollback' || kind === 'spend' || kind === 'reward'
    ? kind
    : 'other';
}

/** Whether a row is points in (earned, a reward) or out (spent, a cancelled stake's points). */
export function direction(delta: number): 'earned' | 'spent' {
  return delta >= 0 ? 'earned' : 'spent';
}
