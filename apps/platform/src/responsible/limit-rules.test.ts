import { describe, expect, it } from 'vitest';
import {
  COOLING_OFF_MS,
  isReviewDue,
  limitWindow,
  lossRemaining,
  planLimitChange,
  sessionOver,
} from './limit-rules.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('planLimitChange', () => {
  it('a first limit applies at once; nothing to remove is nothing', () => {
    expect(planLimitChange(null, 100n, now)).toEqual({ action: 'apply', amount: 100n });
    expect(planLimitChange(null, null, now)).toEqual({ action: 'none' });
  });
  it('a decrease (or the same amount) applies at once', () => {
    expect(planLimitChange(100n, 40n, now)).toEqual({ action: 'apply', amount: 40n });
    expect(planLimitChange(100n, 100n, now)).toEqual({ action: 'apply', amount: 100n });
  });
  it('an increase or a removal waits 24 hours', () => {
    const appliesAt = new Date(now.getTime() + COOLING_OFF_MS);
    expect(planLimitChange(100n, 101n, now)).toEqual({
      action: 'pending',
      amount: 101n,
      appliesAt,
    });
    expect(planLimitChange(100n, null, now)).toEqual({
      action: 'pending',
      amount: null,
      appliesAt,
    });
  });
});

describe('limitWindow', () => {
  it('counts windows from the anchor', () => {
    const anchor = new Date('2026-03-01T08:00:00Z');
    expect(limitWindow(anchor, 7, now)).toEqual({
      start: new Date('2026-03-08T08:00:00Z'),
      end: new Date('2026-03-15T08:00:00Z'),
    });
  });
});

describe('lossRemaining', () => {
  it('is the limit less the net loss, whole after a net win, never below zero', () => {
    expect(lossRemaining(1000n, 300n, 100n)).toBe(800n);
    expect(lossRemaining(1000n, 300n, 900n)).toBe(1000n);
    expect(lossRemaining(1000n, 1500n, 0n)).toBe(0n);
  });
});

describe('review and session', () => {
  it('a limit is due for review six calendar months after it was set or kept', () => {
    const set = new Date('2026-01-31T00:00:00Z');
    expect(isReviewDue(set, new Date('2026-07-30T23:59:59Z'))).toBe(false);
    expect(isReviewDue(set, new Date('2026-07-31T00:00:00Z'))).toBe(true);
  });
  it('a session is over once its minutes have run', () => {
    const start = new Date(now.getTime() - 30 * 60_000);
    expect(sessionOver(start, 30, now)).toBe(true);
    expect(sessionOver(start, 31, now)).toBe(false);
  });
});
