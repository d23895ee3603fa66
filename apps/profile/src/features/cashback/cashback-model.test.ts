import { describe, expect, it } from 'vitest';
import { claimable, intervalView, timeLeft, unseenCashback } from './cashback-model.ts';

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
  it('shows the newest active cashback once', () => {
    const items = [
      { id: 7, status: 'paid_out' },
      { id: 5, status: 'active' },
      { id: 6, status: 'active' },
    ];
    expect(unseenCashback(items, 0)?.id).toBe(6);
    expect(unseenCashback(items, 6)).toBeNull();
    expect(unseenCashback([{ id: 9, status: 'expired' }], 0)).toBeNull();
  });
});
