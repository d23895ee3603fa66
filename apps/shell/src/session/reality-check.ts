/**
 * Reality checks (issue #25, UKGC RTS 13): the schedule, pure so it is tested without a page.
 * The reminders fall on whole intervals from the moment the player signed in (a reload or a new
 * tab does not move them), so a player with a 15-minute interval sees one at 15, 30, 45 … minutes
 * of the session.
 */
export const SUMMARY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** When the next reminder is due after `now`, or null when checks are off. */
export function nextRealityCheck(
  sessionStart: Date,
  intervalMinutes: number,
  now: Date,
): Date | null {
  if (intervalMinutes <= 0) return null;
  const step = intervalMinutes * 60_000;
  const elapsed = Math.max(0, now.getTime() - sessionStart.getTime());
  return new Date(sessionStart.getTime() + (Math.floor(elapsed / step) + 1) * step);
}

/**
 * The start to sum the session's stakes and wins from: the sign-in, or, for a session older than
 * the summary allows (24 hours), the oldest start it takes (with a minute's room).
 */
export function summarySince(sessionStart: Date, now: Date): Date {
  const oldest = now.getTime() - SUMMARY_MAX_AGE_MS + 60_000;
  return new Date(Math.max(sessionStart.getTime(), oldest));
}

/** Minutes played, for the dialog. */
export function minutesPlayed(sessionStart: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - sessionStart.getTime()) / 60_000));
}
