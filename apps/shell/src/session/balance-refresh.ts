import type { BalanceRefreshSiteConfig } from '@northstar/contract';

/**
 * §3 "balance refresh settings", §4 "Balance refresh", §9 defaults: how often a signed-in
 * player's balance is asked again while a page (not a game page) is open.
 *
 * - Interval poll (`isEnabledInterval`): every `countSecondsForInterval` seconds.
 * - Click refresh (`isEnabledRequestsAfterClick`): a click anywhere asks again, at most once per
 *   `countSecondsForDelayBetweenClick` seconds since the last ask of any kind (a poll a moment
 *   ago already answered the question).
 * - Switch-off (`isEnabledTurnOffRequests`): our reading of "stop requests after N minutes" is
 *   N minutes **without user activity** (click, key press, scroll, touch, route change), not N
 *   minutes after the page opened: a player who reads the lobby for an hour keeps a live balance,
 *   a tab left open overnight stops asking. The interval stops then; the next activity revives
 *   it and asks at once (the balance shown is minutes old by then).
 *
 * Pure scheduling: the caller says what "refresh" does and feeds activity and clicks in.
 */

/**
 * The contract's `balanceRefresh` section (packages/contract site-config): read by the platform,
 * so a missing setting, one of the wrong type, a negative or not finite number has already taken
 * its §9 default (loading content fails softly, §8).
 */
export type BalanceRefreshSettings = BalanceRefreshSiteConfig;

/** §4: no balance polling on game pages (a path containing `/game/`); the game reports its own. */
export function isGamePath(pathname: string): boolean {
  return pathname.includes('/game/');
}

export interface BalanceRefreshScheduler {
  /** A click anywhere in the page: activity, and a throttled refresh. */
  click(): void;
  /** Any other activity (key press, scroll, touch, route change): keeps or revives the polling. */
  activity(): void;
  /** Sign-out, a game page, unmount: nothing runs any more. */
  stop(): void;
}

export function startBalanceRefresh(
  settings: BalanceRefreshSettings,
  refresh: () => void,
  now: () => number = Date.now,
): BalanceRefreshScheduler {
  const intervalMs = settings.isEnabledInterval ? settings.countSecondsForInterval * 1000 : 0;
  const idleLimitMs = settings.isEnabledTurnOffRequests
    ? settings.countMinutesAfterWhichRequestsTurnedOff * 60_000
    : 0;
  const clickDelayMs = settings.countSecondsForDelayBetweenClick * 1000;

  let lastActivity = now();
  let lastRefresh = Number.NEGATIVE_INFINITY;
  let interval: ReturnType<typeof setInterval> | undefined;
  let asleep = false;
  let stopped = false;

  const ask = () => {
    lastRefresh = now();
    refresh();
  };
  const tick = () => {
    if (idleLimitMs > 0 && now() - lastActivity >= idleLimitMs) {
      // Switched off until the player does something.
      asleep = true;
      clearInterval(interval);
      return;
    }
    ask();
  };
  const startInterval = () => {
    if (intervalMs > 0) interval = setInterval(tick, intervalMs);
  };
  startInterval();

  const activity = () => {
    if (stopped) return;
    lastActivity = now();
    if (asleep) {
      asleep = false;
      ask();
      startInterval();
    }
  };

  return {
    activity,
    click() {
      if (stopped) return;
      const wasAsleep = asleep;
      activity();
      if (wasAsleep) return; // reviving has just asked
      if (settings.isEnabledRequestsAfterClick && now() - lastRefresh >= clickDelayMs) ask();
    },
    stop() {
      stopped = true;
      clearInterval(interval);
    },
  };
}
