/**
 * How often a session's activity reaches the server under general info's `time_to_force_logout`
 * (seconds): four times per limit, at most once a minute. The platform writes a session's
 * `last_seen_at` at most this often (and counts the limit from it plus this lag); the shell tells
 * the server of the player's activity as often. Plain code with no valibot in it: the browser
 * imports this module (`@northstar/contract/session-activity`).
 */
export function sessionActivityEveryMs(timeToForceLogoutS: number): number {
  return timeToForceLogoutS > 0 ? Math.min(60_000, timeToForceLogoutS * 250) : 60_000;
}
