import { describe, expect, it } from 'vitest';
import { claimable, intervalView, lastMoment, timeLeft } from './cashback-model.ts';

describe('the cashback page’s rules', () => {
  it('reads cashbackIntervalView, days by default', () => {
    expect(intervalView('date')).toBe('date');
    expect(intervalView('days')).toBe('days');
    expect(intervalView(undefined)).toBe('days');
  });
  it('counts the time left in days and hours, never below zero', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(timeLeft('2026-11-29T15:30:00Z', now)).toEqual({ days: 2, hours: 5 });
    expect(timeLeft('2026-11-26T10:00:00Z', now)).toEqual({ days: 0, hours: 0 });
  });
  it('pays out only an active cashback before its deadline', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(claimable({ status: 'active', receiving_expired_at: '2026-11-28T00:00:00Z' }, now)).toBe(
      true,
    );
    expect(claimable({ status: 'active', receiving_expired_at: '2026-11-27T10:00:00Z' }, now)).toBe(
      false,
    );
    expect(
      claimable({ status: 'paid_out', receiving_expired_at: '2026-11-28T00:00:00Z' }, now),
    ).toBe(false);
  });
  it('shows a period’s exclusive end as its last day', () => {
    expect(lastMoment('2026-11-30T00:00:00.000Z')).toBe('2026-11-29T23:59:59.999Z');
  });
});
