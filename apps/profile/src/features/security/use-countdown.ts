import { useEffect, useState } from 'react';

/** A countdown: `seconds` from `startedAt` (ms). */
export interface Countdown {
  seconds: number;
  startedAt: number;
}

/** §4 resend countdown: seconds left of `from`, ticking once a second while any are left. */
export function useCountdown(from: Countdown): number {
  const [now, setNow] = useState(from.startedAt);
  const left = Math.max(
    0,
    from.seconds - Math.floor((Math.max(now, from.startedAt) - from.startedAt) / 1000),
  );
  useEffect(() => {
    if (from.seconds <= 0) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current - from.startedAt >= from.seconds * 1000) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [from]);
  return left;
}
