import { describe, expect, it } from 'vitest';
import { discountedPrice, levelFor, pointsForStake, type LevelDef } from './levels.ts';

const level = (n: number, from: bigint, discount = 0): LevelDef => ({
  level: n,
  name: `L${n}`,
  pointsFrom: from,
  cashbackPercent: n,
  shopDiscountPercent: discount,
  imageUrl: null,
});
// Out of order on purpose: the table's order must not matter.
const LEVELS = [level(3, 5_000n), level(1, 0n), level(4, 20_000n), level(2, 1_000n)];

describe('levelFor (issue #27 level thresholds)', () => {
  it('puts a player at the highest level whose threshold their lifetime points reach', () => {
    expect(levelFor(LEVELS, 0n).current.level).toBe(1);
    expect(levelFor(LEVELS, 999n).current.level).toBe(1);
    expect(levelFor(LEVELS, 1_000n).current.level).toBe(2);
    expect(levelFor(LEVELS, 4_999n).current.level).toBe(2);
    expect(levelFor(LEVELS, 5_000n).current.level).toBe(3);
    expect(levelFor(LEVELS, 10_000_000n).current.level).toBe(4);
  });

  it('answers the next level, the points to it and the floor of the progress percentage', () => {
    const s = levelFor(LEVELS, 1_999n);
    expect(s.next?.level).toBe(3);
    expect(s.toNext).toBe(3_001n);
    // (1999 - 1000) / (5000 - 1000) = 24.975 %
    expect(s.percent).toBe(24);
    expect(levelFor(LEVELS, 4_999n).percent).toBe(99);
    expect(levelFor(LEVELS, 5_000n).percent).toBe(0);
  });

  it('at the top level there is no next level, nothing to earn, and 100 %', () => {
    expect(levelFor(LEVELS, 20_000n)).toMatchObject({ next: null, toNext: 0n, percent: 100 });
  });

  it('a table that does not start at 0 still places a new player at its lowest level', () => {
    const s = levelFor([level(1, 100n), level(2, 200n)], 5n);
    expect(s.current.level).toBe(1);
    expect(s.toNext).toBe(100n);
    expect(s.percent).toBe(0);
  });
});

describe('pointsForStake', () => {
  it('earns whole points per 1.00 staked at the rate and drops the fraction', () => {
    expect(pointsForStake(100n, 10)).toBe(10);
    expect(pointsForStake(20n, 10)).toBe(2);
    expect(pointsForStake(19n, 5)).toBe(0);
    expect(pointsForStake(299n, 1)).toBe(2);
  });
  it('earns nothing for no stake or no rate', () => {
    expect(pointsForStake(0n, 10)).toBe(0);
    expect(pointsForStake(500n, 0)).toBe(0);
  });
});

describe('discountedPrice', () => {
  it('takes the level discount off, rounding in the player’s favour', () => {
    expect(discountedPrice(500, 0)).toBe(500);
    expect(discountedPrice(500, 10)).toBe(450);
    expect(discountedPrice(999, 5)).toBe(950);
    expect(discountedPrice(500, 150)).toBe(0);
  });
});
