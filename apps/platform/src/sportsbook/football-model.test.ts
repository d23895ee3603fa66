import { describe, expect, it } from 'vitest';
import { finalScores, goalsToCome, winProbability, type MatchState } from './football-model.ts';

const kickOff: MatchState = {
  minute: 0,
  score: { home: 0, away: 0 },
  homeRate: 1.4,
  awayRate: 1.4,
};

describe('the football model', () => {
  it('is a distribution over the final scores', () => {
    const total = finalScores(kickOff).reduce((sum, [, p]) => sum + p, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(goalsToCome(1.4, 90)).toEqual([1, ...Array(15).fill(0)]);
  });

  it('gives the three results a whole chance, level sides level chances', () => {
    const home = winProbability({ market: '1x2', pick: 'home' }, kickOff);
    const draw = winProbability({ market: '1x2', pick: 'draw' }, kickOff);
    const away = winProbability({ market: '1x2', pick: 'away' }, kickOff);
    expect(home + draw + away).toBeCloseTo(1, 12);
    expect(home).toBeCloseTo(away, 12);
    // Two sides of 1.4 expected goals draw about a quarter of the time.
    expect(draw).toBeGreaterThan(0.2);
    expect(draw).toBeLessThan(0.3);
  });

  it('moves with the clock and the goals', () => {
    const over = (state: MatchState) =>
      winProbability({ market: 'total', line: 2.5, pick: 'over' }, state);
    const later = { ...kickOff, minute: 60 };
    expect(over(later)).toBeLessThan(over(kickOff));
    const goal = { ...later, score: { home: 1, away: 0 } };
    expect(winProbability({ market: '1x2', pick: 'home' }, goal)).toBeGreaterThan(
      winProbability({ market: '1x2', pick: 'home' }, later),
    );
    // At full time the result is known.
    const over90 = { ...goal, minute: 90 };
    expect(winProbability({ market: '1x2', pick: 'home' }, over90)).toBe(1);
    expect(winProbability({ market: 'btts', pick: 'yes' }, over90)).toBe(0);
  });
});
