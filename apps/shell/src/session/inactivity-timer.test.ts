import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  inactivityPlan,
  isAnnouncedSecond,
  secondsLeft,
  startInactivityTimer,
  type InactivityPlan,
} from './inactivity-timer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-03-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function start(plan: InactivityPlan) {
  const events = { onWarn: vi.fn(), onResume: vi.fn(), onExpire: vi.fn() };
  const timer = startInactivityTimer(plan, events);
  return { timer, ...events };
}

const TEN_MINUTES = inactivityPlan(600)!;

describe('inactivityPlan', () => {
  it('warns at 80 % of time_to_force_logout (seconds × 1000) and counts down the other 20 %', () => {
    expect(inactivityPlan(600)).toEqual({
      warnAfterMs: 480_000,
      logoutAfterMs: 600_000,
      countdownMs: 120_000,
    });
    expect(inactivityPlan(10)).toEqual({
      warnAfterMs: 8000,
      logoutAfterMs: 10_000,
      countdownMs: 2000,
    });
  });

  it('is off for 0, a missing value or nonsense', () => {
    for (const value of [0, -5, undefined, null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(inactivityPlan(value)).toBeNull();
    }
  });
});

describe('the inactivity timer', () => {
  it('warns at 80 % with the sign-out moment, and signs out at 100 % once', () => {
    const startedAt = Date.now();
    const { onWarn, onExpire } = start(TEN_MINUTES);
    vi.advanceTimersByTime(479_999);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledExactlyOnceWith(startedAt + 600_000);
    vi.advanceTimersByTime(119_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 600_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('activity before the warning starts the clock again', () => {
    const { timer, onWarn, onExpire, onResume } = start(TEN_MINUTES);
    vi.advanceTimersByTime(400_000);
    timer.reset();
    vi.advanceTimersByTime(400_000); // 800 s in, 400 s since the activity
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(80_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onResume).not.toHaveBeenCalled();
    vi.advanceTimersByTime(120_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('activity during the warning closes it and starts the whole clock again', () => {
    const { timer, onWarn, onExpire, onResume } = start(TEN_MINUTES);
    vi.advanceTimersByTime(500_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    timer.reset();
    expect(onResume).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(479_999);
    expect(onExpire).not.toHaveBeenCalled();
    expect(onWarn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(120_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stop (sign-out) silences it for good', () => {
    const { timer, onWarn, onExpire, onResume } = start(TEN_MINUTES);
    vi.advanceTimersByTime(500_000);
    timer.stop();
    timer.reset();
    vi.advanceTimersByTime(10 * 600_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onResume).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('a key press after the deadline (timers held back while the laptop slept) signs out', () => {
    const { timer, onExpire, onResume } = start(TEN_MINUTES);
    // The clock moves on, the pending timeout has not fired yet.
    vi.setSystemTime(Date.now() + 2 * 600_000);
    timer.reset();
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onResume).not.toHaveBeenCalled();
  });
});

describe('the countdown', () => {
  it('shows whole seconds left, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 8_001)).toBe(2);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('is announced every 30 s above a minute, every 10 s below, never every second', () => {
    const announced = Array.from({ length: 120 }, (_, i) => 120 - i).filter(isAnnouncedSecond);
    expect(announced).toEqual([120, 90, 60, 50, 40, 30, 20, 10]);
    expect(isAnnouncedSecond(0)).toBe(false);
  });
});
