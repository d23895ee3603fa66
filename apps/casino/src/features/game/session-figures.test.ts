import { describe, expect, it } from 'vitest';
import {
  elapsedDuration,
  formatElapsed,
  formatNet,
  netDirection,
  summaryMoved,
} from './session-figures.ts';

describe('the session clock', () => {
  it('shows mm:ss under an hour and h:mm:ss from an hour on', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(999)).toBe('00:00');
    expect(formatElapsed(7_000)).toBe('00:07');
    expect(formatElapsed((4 * 60 + 7) * 1000)).toBe('04:07');
    expect(formatElapsed(59 * 60_000 + 59_999)).toBe('59:59');
    expect(formatElapsed(3_600_000)).toBe('1:00:00');
    expect(formatElapsed((2 * 3600 + 3 * 60 + 9) * 1000)).toBe('2:03:09');
    expect(formatElapsed(30 * 3_600_000)).toBe('30:00:00');
  });

  it('never runs backwards or breaks on a clock that jumped', () => {
    expect(formatElapsed(-5_000)).toBe('00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00');
  });

  it('gives assistive tech an ISO duration', () => {
    expect(elapsedDuration(7_000)).toBe('PT7S');
    expect(elapsedDuration((4 * 60 + 7) * 1000)).toBe('PT4M7S');
    expect(elapsedDuration(3_600_000)).toBe('PT1H0S');
  });
});

describe('the net position', () => {
  it('reads ahead, behind and even from the decimal string', () => {
    expect(netDirection('12.50')).toBe('up');
    expect(netDirection('-0.20')).toBe('down');
    expect(netDirection('0.00')).toBe('even');
    expect(netDirection('-0.00')).toBe('even');
    expect(netDirection('garbage')).toBe('even');
  });

  it('puts the sign before the money, never between the symbol and the number', () => {
    expect(formatNet('12.50', 'EUR', 'en-US')).toBe('+€ 12.50');
    expect(formatNet('-5', 'EUR', 'en-US')).toBe('\u2212€ 5.00');
    expect(formatNet('0.00', 'EUR', 'en-US')).toBe('€ 0.00');
    expect(formatNet('-1234.5', 'EUR', 'es-ES')).toBe('\u22121234,50 €');
  });

  it('tells when money moved between two summaries', () => {
    const before = { stakes: '5.00', wins: '0.00', rounds: 1 };
    expect(summaryMoved(undefined, before)).toBe(false);
    expect(summaryMoved(before, { ...before })).toBe(false);
    expect(summaryMoved(before, { ...before, rounds: 2, stakes: '10.00' })).toBe(true);
    // A win that settles a round already counted.
    expect(summaryMoved(before, { ...before, wins: '9.00' })).toBe(true);
  });
});
