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
 * A period's last moment, for a range shown as dates: the server's `end_date` is exclusive (the
 * next period's start, Monday 00:00), so a week shows as Monday – Sunday, not – next Monday.
 */
export function lastMoment(endIso: string): string {
  return new Date(new Date(endIso).getTime() - 1).toISOString();
}
