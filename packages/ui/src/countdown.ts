import { useEffect, useState } from 'react';

/**
 * §4 resend countdown, shared by every code form (sign-in two-factor in apps/auth, the profile's
 * two-factor set-up and contact confirmation). A subpath entry (`@northstar/ui/countdown`), not
 * the index, so pages without a code form do not download it.
 */

/** A countdown: `seconds` from `startedAt` (epoch ms). */
export interface Countdown {
  seconds: number;
  startedAt: number;
}

/** A countdown of `seconds` starting `now`. */
export function startCountdown(seconds: number, now: number = Date.now()): Countdown {
  return { seconds, startedAt: now };
}

/** Whole seconds left of `from` at `now` (a started second counts), never below 0. */
export function countdownLeft(from: Countdown | null, now: number): number {
  if (!from || from.seconds <= 0) return 0;
  const elapsed = Math.max(0, now - from.startedAt);
  return Math.max(0, from.seconds - Math.floor(elapsed / 1000));
}

/** `m:ss` of a countdown's seconds (`1:05`), never negative. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left of `from`, ticking once a second while any are left. The first render reads the
 * countdown's own start, not the clock, so the server and the browser render the same text.
 */
export function useCountdown(from: Countdown | null): number {
  const [now, setNow] = useState(from?.startedAt ?? 0);
  useEffect(() => {
    if (!from || from.seconds <= 0) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current - from.startedAt >= from.seconds * 1000) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [from]);
  return countdownLeft(from, Math.max(now, from?.startedAt ?? 0));
}
