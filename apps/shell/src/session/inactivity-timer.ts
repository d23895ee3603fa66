/**
 * §4 "Inactivity", §9: a signed-in player who does nothing (no key press, click, scroll or route
 * change) for `time_to_force_logout` seconds is signed out; at 80 % of that time a warning counts
 * down the remaining 20 %. Activity resets the clock and closes the warning. 0 (the default of
 * general info) means no inactivity sign-out at all.
 *
 * Pure timing: no DOM, no React. The caller feeds activity in (`reset`) and gets told when to warn
 * and when to sign out.
 */

/** §9: the warning shows at 80 % of `time_to_force_logout`. */
export const INACTIVITY_WARNING_SHARE = 0.8;

export interface InactivityPlan {
  /** After this long without activity the warning shows. */
  warnAfterMs: number;
  /** After this long without activity the player is signed out. */
  logoutAfterMs: number;
  /** How long the warning counts down: the remaining 20 %. */
  countdownMs: number;
}

/** The plan for general info's `time_to_force_logout` (seconds); null when it is off (0 or absent). */
export function inactivityPlan(seconds: number | null | undefined): InactivityPlan | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  const logoutAfterMs = Math.round(seconds * 1000);
  const warnAfterMs = Math.round(logoutAfterMs * INACTIVITY_WARNING_SHARE);
  return { warnAfterMs, logoutAfterMs, countdownMs: logoutAfterMs - warnAfterMs };
}

export interface InactivityEvents {
  /** The warning opens; `deadline` is the moment (ms since the epoch) the player is signed out. */
  onWarn(deadline: number): void;
  /** Activity while the warning was open: close it. */
  onResume(): void;
  /** Time is up: sign the player out. Called once; the timer is stopped after it. */
  onExpire(): void;
}

export interface InactivityTimer {
  /** The player did something: the clock starts again and an open warning closes. */
  reset(): void;
  /** Sign-out (or unmount): nothing fires any more. */
  stop(): void;
}

/**
 * Starts the clock now. Activity only records the time (a scroll fires many events); the one
 * pending timeout checks it when it fires and waits again for what is left, so a late timer (a
 * throttled background tab, a laptop that slept) still signs out on time, and a key press after
 * the deadline has passed signs out instead of extending a session the server has ended.
 */
export function startInactivityTimer(
  plan: InactivityPlan,
  events: InactivityEvents,
  now: () => number = Date.now,
): InactivityTimer {
  let lastActivity = now();
  let warned = false;
  let stopped = false;
  let timeout: ReturnType<typeof setTimeout> | undefined;

  const check = () => {
    clearTimeout(timeout);
    if (stopped) return;
    const idle = now() - lastActivity;
    if (idle >= plan.logoutAfterMs) {
      stopped = true;
      events.onExpire();
      return;
    }
    if (!warned && idle >= plan.warnAfterMs) {
      warned = true;
      events.onWarn(lastActivity + plan.logoutAfterMs);
    }
    timeout = setTimeout(check, (warned ? plan.logoutAfterMs : plan.warnAfterMs) - idle);
  };
  check();

  return {
    reset() {
      if (stopped) return;
      if (now() - lastActivity >= plan.logoutAfterMs) {
        check();
        return;
      }
      lastActivity = now();
      if (warned) {
        warned = false;
        events.onResume();
        check();
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timeout);
    },
  };
}

/** Whole seconds left until `deadline` (never negative), as the countdown shows them. */
export function secondsLeft(deadline: number, at: number): number {
  return Math.max(0, Math.ceil((deadline - at) / 1000));
}

/**
 * Whether a screen reader is told the time left at this second of the countdown. The dialog's
 * description is read when it opens; after that every second would drown the player in speech,
 * so the live text changes every 30 s while more than a minute is left, then every 10 s.
 */
export function isAnnouncedSecond(left: number): boolean {
  if (left <= 0) return false;
  return left % (left > 60 ? 30 : 10) === 0;
}
