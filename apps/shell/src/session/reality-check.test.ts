import { describe, expect, it } from 'vitest';
import { minutesPlayed, nextRealityCheck, summarySince } from './reality-check.ts';

const start = new Date('2026-05-01T10:00:00Z');

describe('nextRealityCheck', () => {
  it('is off at 0 minutes', () => {
    expect(nextRealityCheck(start, 0, new Date('2026-05-01T10:05:00Z'))).toBeNull();
  });
  it('falls on whole intervals from the sign-in, whatever the page load', () => {
    expect(nextRealityCheck(start, 15, new Date('2026-05-01T10:00:00Z'))).toEqual(
      new Date('2026-05-01T10:15:00Z'),
    );
    expect(nextRealityCheck(start, 15, new Date('2026-05-01T10:29:59Z'))).toEqual(
      new Date('2026-05-01T10:30:00Z'),
    );
    expect(nextRealityCheck(start, 60, new Date('2026-05-01T11:00:00Z'))).toEqual(
      new Date('2026-05-01T12:00:00Z'),
    );
  });
});

describe('summarySince and minutesPlayed', () => {
  it('sums from the sign-in, or from a day ago for an older session', () => {
    const now = new Date('2026-05-01T11:00:00Z');
    expect(summarySince(start, now)).toEqual(start);
    const later = new Date('2026-05-02T12:00:00Z');
    expect(summarySince(start, later)).toEqual(new Date('2026-05-01T12:01:00Z'));
  });
  it('counts whole minutes played', () => {
    expect(minutesPlayed(start, new Date('2026-05-01T10:45:59Z'))).toBe(45);
  });
});
