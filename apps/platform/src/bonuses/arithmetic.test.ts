import { describe, expect, it } from 'vitest';
import { gameWeight, weightedStake } from '../wallet/index.ts';
import { bonusAmount, progressPercent, requiredWagering, unitsToMinor } from './arithmetic.ts';

/** The bonus engine's arithmetic (issue #26): integer minor units, rounded down, capped. */

describe('bonusAmount', () => {
  const welcome = { amountMinor: null, percent: 100, capMinor: 50_000n };

  it('matches a deposit by its percentage, up to the cap (100 % up to €500)', () => {
    expect(bonusAmount(welcome, 2_000n)).toBe(2_000n);
    expect(bonusAmount(welcome, 50_000n)).toBe(50_000n);
    expect(bonusAmount(welcome, 120_000n)).toBe(50_000n);
  });

  it('rounds a percentage down to the minor unit (never a fraction the operator did not promise)', () => {
    // 33 % of €10.01 = 330.33 cents → 330.
    expect(bonusAmount({ amountMinor: null, percent: 33, capMinor: null }, 1_001n)).toBe(330n);
    // A zero-decimal currency (JPY): 50 % of ¥999 = ¥499.5 → ¥499.
    expect(bonusAmount({ amountMinor: null, percent: 50, capMinor: null }, 999n)).toBe(499n);
  });

  it('gives a fixed amount for a no-deposit bonus, whatever the deposit', () => {
    expect(bonusAmount({ amountMinor: 1_000n, percent: null, capMinor: null }, 0n)).toBe(1_000n);
  });
});

describe('requiredWagering', () => {
  it('multiplies the bonus, or the bonus and the deposit', () => {
    expect(requiredWagering(35, 'bonus', 10_000n, 10_000n)).toBe(350_000n);
    expect(requiredWagering(20, 'bonus_deposit', 10_000n, 10_000n)).toBe(400_000n);
    expect(requiredWagering(0, 'bonus', 10_000n, 0n)).toBe(0n);
  });
});

describe('weightedStake and gameWeight (the wallet counts a bet so, sql/bet.sql too)', () => {
  const hold = { weights: { slots: 100, table: 10 }, defaultWeight: 0, excludedGames: ['x_slot'] };

  it('counts a slot in full, a table game at 10 %, rounded down to the minor unit', () => {
    expect(weightedStake(250n, gameWeight(hold, { sysname: 'a', categories: ['slots'] }))).toBe(
      250n,
    );
    // 10 % of €2.55 = 25.5 cents → 25.
    expect(
      weightedStake(255n, gameWeight(hold, { sysname: 'r', categories: ['table', 'roulette'] })),
    ).toBe(25n);
    expect(weightedStake(9n, 10)).toBe(0n);
  });

  it('takes the highest weight of a game in several categories, else the default', () => {
    expect(gameWeight(hold, { sysname: 'g', categories: ['table', 'slots'] })).toBe(100);
    expect(gameWeight(hold, { sysname: 'g', categories: ['crash'] })).toBe(0);
    expect(gameWeight({ ...hold, defaultWeight: 50 }, { sysname: 'g', categories: [] })).toBe(50);
  });

  it('counts an excluded game as nothing', () => {
    expect(gameWeight(hold, { sysname: 'x_slot', categories: ['slots'] })).toBe(0);
  });

  it('never counts more than the stake nor a negative stake', () => {
    expect(weightedStake(100n, 150)).toBe(100n);
    expect(weightedStake(-100n, 100)).toBe(0n);
  });
});

describe('progressPercent', () => {
  it('rounds down with two decimals and stops at 100', () => {
    expect(progressPercent(0n, 350_000n)).toBe('0.00');
    expect(progressPercent(1n, 350_000n)).toBe('0.00');
    expect(progressPercent(349_999n, 350_000n)).toBe('99.99');
    expect(progressPercent(350_000n, 350_000n)).toBe('100.00');
    expect(progressPercent(400_000n, 350_000n)).toBe('100.00');
    expect(progressPercent(0n, 0n)).toBe('100.00');
  });
});

describe('unitsToMinor', () => {
  it('reads whole units in the currency’s decimals and refuses more decimals', () => {
    expect(unitsToMinor('500', 2)).toBe(50_000n);
    expect(unitsToMinor('5.5', 2)).toBe(550n);
    expect(unitsToMinor('1000', 0)).toBe(1_000n);
    expect(() => unitsToMinor('1.5', 0)).toThrow(RangeError);
    expect(() => unitsToMinor('abc', 2)).toThrow(RangeError);
  });
});
