import { describe, expect, it } from 'vitest';
import { cashierDateTime, cashierStamp } from './dates.ts';

describe('cashier dates (§9)', () => {
  it('shows DD.MM.YYYY and H:MM without a leading zero on the hour', () => {
    expect(cashierDateTime('2025-03-05T09:07:00Z', 0)).toEqual({
      date: '05.03.2025',
      time: '9:07',
    });
  });
  it('shifts to the given offset, across midnight', () => {
    expect(cashierDateTime('2025-12-31T22:30:00Z', 3)).toEqual({
      date: '01.01.2026',
      time: '1:30',
    });
  });
  it('joins date and time, and is empty for an unreadable date', () => {
    expect(cashierStamp('2025-03-05T14:00:00Z', 0)).toBe('05.03.2025 14:00');
    expect(cashierStamp('not a date', 0)).toBe('');
  });
});
