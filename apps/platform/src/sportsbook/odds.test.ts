import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_ODDS } from '@northstar/contract/bet-math';
import { acceptsOdds, overround, priceMarket } from './odds.ts';

describe('pricing a market', () => {
  it('gives each outcome its fair odds less the margin, down to two decimals', () => {
    // 1X2 at 50 / 30 / 20 % with a 5 % margin: 1.90, 3.17, 4.76.
    expect(priceMarket([0.5, 0.3, 0.2], 500)).toEqual([1900, 3170, 4760]);
  });

  it('never prices an outcome above its margin-loaded fair odds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 0, max: 2000 }),
        (weights, margin) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const probabilities = weights.map((w) => w / sum);
          probabilities[probabilities.length - 1] =
            1 - probabilities.slice(0, -1).reduce((a, b) => a + b, 0);
          fc.pre(probabilities.every((p) => p > 0));
          const odds = priceMarket(probabilities, margin);
          const loaded = 1 + margin / 10_000;
          odds.forEach((o, i) => {
            const fair = 1000 / (probabilities[i]! * loaded);
            if (o === null) {
              // Off the board only when its price would be under the lowest odds.
              expect(fair).toBeLessThan(MIN_ODDS + 10);
              return;
            }
            expect(o).toBeGreaterThanOrEqual(MIN_ODDS);
            expect(o % 10).toBe(0);
            // Never more than the margin-loaded fair price.
            expect(o).toBeLessThanOrEqual(fair + 1e-6);
          });
          if (odds.every((o) => o !== null)) {
            expect(overround(odds as number[])).toBeGreaterThanOrEqual(loaded - 1e-9);
          }
        },
      ),
    );
  });

  it('refuses probabilities that are not a distribution', () => {
    expect(() => priceMarket([0.5, 0.6], 500)).toThrow(RangeError);
    expect(() => priceMarket([1, 0], 500)).toThrow(RangeError);
  });
});

describe('the odds-change setting (UKGC RTS 2C)', () => {
  it('accepts any change, only higher odds, or none', () => {
    expect(acceptsOdds('any', 2000, 1500)).toBe(true);
    expect(acceptsOdds('higher', 2000, 2100)).toBe(true);
    expect(acceptsOdds('higher', 2000, 1990)).toBe(false);
    expect(acceptsOdds('none', 2000, 2000)).toBe(true);
    expect(acceptsOdds('none', 2000, 2010)).toBe(false);
  });
});
