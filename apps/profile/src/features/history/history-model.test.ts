import { describe, expect, it } from 'vitest';
import { exportPeriodError, historyQueryOf, pageCount, periodRange } from './history-model.ts';

const today = new Date('2026-11-27T15:00:00Z');

describe('periodRange and historyQueryOf', () => {
  it('the last N days include today; all has no bounds', () => {
    expect(periodRange('7', today)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(periodRange('all', today)).toEqual({});
  });
  it('pages by 20 and adds the product unless all', () => {
    expect(historyQueryOf('30', 'live', 2, today)).toEqual({
      offset: 40,
      count: 20,
      from: '2026-10-29',
      to: '2026-11-27',
      product: 'live',
    });
    expect(historyQueryOf('all', 'all', 0, today)).toEqual({ offset: 0, count: 20 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
  });
});

describe('exportPeriodError', () => {
  it('needs both days, in order, and at most a year', () => {
    expect(exportPeriodError('', '2026-01-01')).toEqual({ field: 'from', code: 'required' });
    expect(exportPeriodError('2026-02-01', '2026-01-01')).toEqual({
      field: 'to',
      code: 'min_value',
    });
    expect(exportPeriodError('2025-01-01', '2025-12-31')).toBeNull();
    expect(exportPeriodError('2024-01-01', '2024-12-31')).toBeNull();
    expect(exportPeriodError('2025-01-01', '2026-01-02')).toEqual({
      field: 'to',
      code: 'export_period_too_long',
    });
  });
});
