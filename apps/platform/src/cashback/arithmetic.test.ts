import { describe, expect, it } from 'vitest';
import {
  bpToPercent,
  cashbackAmount,
  lastClosedPeriod,
  percentToBp,
  percentWithPerk,
  periodOf,
} from './arithmetic.ts';

const rule = { percentBp: 1_000, minLossMinor: 1_000n, capMinor: 50_000n };

describe('cashbackAmount', () => {
  it('pays the percentage of a net loss, rounded down to the minor unit', () => {
    expect(cashbackAmount(rule, 5_555n)).toBe(555n); // €55.55 → €5.55 (not 5.555)
    expect(cashbackAmount(rule, 1_000n)).toBe(100n); // exactly the minimum
    expect(cashbackAmount({ ...rule, percentBp: 1_250 }, 999_99n)).toBe(12_499n); // 12.5 %
  });
  it('pays nothing for a win, nothing under the minimum, and at most the cap', () => {
    expect(cashbackAmount(rule, -5_000n)).toBe(0n);
    expect(cashbackAmount(rule, 0n)).toBe(0n);
    expect(cashbackAmount(rule, 999n)).toBe(0n);
    expect(cashbackAmount(rule, 900_000n)).toBe(50_000n);
    expect(cashbackAmount({ ...rule, capMinor: null }, 900_000n)).toBe(90_000n);
  });
  it('keeps each currency’s decimals: JPY (0) and BHD (3) round down to their own unit', () => {
    const jpy = { percentBp: 1_000, minLossMinor: 1_000n, capMinor: null };
    expect(cashbackAmount(jpy, 1_239n)).toBe(123n); // ¥1,239 → ¥123
    const bhd = { percentBp: 750, minLossMinor: 0n, capMinor: null };
    expect(cashbackAmount(bhd, 12_345n)).toBe(925n); // 12.345 BD × 7.5 % = 0.925875 → 0.925
  });
});

describe('percentages', () => {
  it('reads and writes percentages in hundredths', () => {
    expect(percentToBp('10')).toBe(1_000);
    expect(percentToBp('12.5')).toBe(1_250);
    expect(percentToBp('0.05')).toBe(5);
    expect(bpToPercent(1_000)).toBe('10');
    expect(bpToPercent(1_250)).toBe('12.5');
    expect(bpToPercent(1_205)).toBe('12.05');
    expect(() => percentToBp('1,5')).toThrow(RangeError);
  });
});

describe('periods', () => {
  it('cuts weeks at Monday 00:00 UTC and days at 00:00 UTC', () => {
    const thursday = new Date('2026-11-26T15:30:00Z');
    expect(periodOf(thursday, 'weekly')).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
    });
    expect(periodOf(new Date('2026-11-23T00:00:00Z'), 'weekly').start).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(periodOf(new Date('2026-11-29T23:59:59Z'), 'weekly').start).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(lastClosedPeriod(thursday, 'weekly')).toEqual({
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    });
    expect(lastClosedPeriod(thursday, 'daily')).toEqual({
      start: new Date('2026-11-25T00:00:00Z'),
      end: new Date('2026-11-26T00:00:00Z'),
    });
  });
});

describe('percentWithPerk', () => {
  it('adds the level’s perk to the terms, never past 100 % and never below the terms', () => {
    expect(percentWithPerk(1_000, 200)).toBe(1_200);
    expect(percentWithPerk(1_250, 0)).toBe(1_250);
    expect(percentWithPerk(9_900, 500)).toBe(10_000);
    expect(percentWithPerk(1_000, -300)).toBe(1_000);
  });
});
