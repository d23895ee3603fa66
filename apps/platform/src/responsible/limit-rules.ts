/**
 * The rules every player-set limit follows (deposit, loss and session-time limits; §3, UKGC RTS
 * 12), as pure functions so that they are tested without a database:
 *
 * - a new limit, or a lower one, applies at once (it only protects the player more);
 * - a higher one, or a removal, waits a 24-hour cooling-off and then applies by itself;
 * - six months after a limit was set (or last kept), the next sign-in asks to keep or change it.
 */
export const COOLING_OFF_MS = 24 * 3_600_000;
/** UKGC RTS 12 asks operators to prompt a review of limits; we do it after six months. */
export const REVIEW_AFTER_MONTHS = 6;
const DAY_MS = 86_400_000;

export type LimitPlan =
  | { action: 'none' }
  | { action: 'apply'; amount: bigint }
  | { action: 'pending'; amount: bigint | null; appliesAt: Date };

/** What setting `requested` (null: remove) over `current` (null: none) does at `now`. */
export function planLimitChange(
  current: bigint | null,
  requested: bigint | null,
  now: Date,
): LimitPlan {
  if (current === null)
    return requested === null ? { action: 'none' } : { action: 'apply', amount: requested };
  if (requested !== null && requested <= current) return { action: 'apply', amount: requested };
  return {
    action: 'pending',
    amount: requested,
    appliesAt: new Date(now.getTime() + COOLING_OFF_MS),
  };
}

/** The window of a `periodDays` limit anchored at `anchor` that holds `now`. */
export function limitWindow(
  anchor: Date,
  periodDays: number,
  now: Date,
): { start: Date; end: Date } {
  const length = periodDays * DAY_MS;
  const elapsed = Math.max(0, now.getTime() - anchor.getTime());
  const start = anchor.getTime() + Math.floor(elapsed / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/** When a limit set or kept at `confirmedAt` is due for review (calendar months, UTC). */
export function reviewDueAt(confirmedAt: Date): Date {
  const due = new Date(confirmedAt);
  due.setUTCMonth(due.getUTCMonth() + REVIEW_AFTER_MONTHS);
  return due;
}

export function isReviewDue(confirmedAt: Date, now: Date): boolean {
  return reviewDueAt(confirmedAt).getTime() <= now.getTime();
}

/**
 * What a loss limit still allows to be staked: the limit less the net loss of its window (stakes
 * that stood minus wins; a net win leaves the whole limit). Never below zero.
 */
export function lossRemaining(limit: bigint, staked: bigint, won: bigint): bigint {
  const loss = staked - won;
  const left = limit - (loss > 0n ? loss : 0n);
  return left > 0n ? left : 0n;
}

/** Whether a signed-in session started at `startedAt` has run past a limit of `minutes`. */
export function sessionOver(startedAt: Date, minutes: number, now: Date): boolean {
  return now.getTime() - startedAt.getTime() >= minutes * 60_000;
}
