/**
 * The cashback page's pure rules (issue #26): how the time left to claim reads
 * (`cashbackIntervalView`, §3 common content `offers`) and which cashback the popup shows.
 */

/** §3 `offers.cashbackIntervalView`: `days` counts down ("2 days 5 h left"), `date` names the end. */
export type CashbackIntervalView = 'days' | 'date';

export function intervalView(value: unknown): CashbackIntervalView {
  return value === 'date' ? 'date' : 'days';
}

/** Whole days and hours from `now` to `until` (never negative). */
export function timeLeft(until: string, now: number): { days: number; hours: number } {
  const ms = Math.max(0, new Date(until).getTime() - now);
  const hours = Math.floor(ms / 3_600_000);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** Whether a cashback can still be paid out at `now`. */
export function claimable(c: { status: string; receiving_expired_at: string }, now: number) {
  return c.status === 'active' && new Date(c.receiving_expired_at).getTime() > now;
}

/**
 * §4 the unseen-cashback popup: the newest active cashback the player has not been shown yet
 * (ids only grow), or null. `seen` is the highest id shown before.
 */
export function unseenCashback<T extends { id: number; status: string }>(
  items: readonly T[],
  seen: number,
): T | null {
  const newest = items
    .filter((c) => c.status === 'active')
    .reduce<T | null>((best, c) => (best === null || c.id > best.id ? c : best), null);
  return newest && newest.id > seen ? newest : null;
}
