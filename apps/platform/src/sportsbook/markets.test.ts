import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legFactor } from '@northstar/contract/bet-math';
import { settleSelection, type Score, type Selection } from './markets.ts';

const score = (home: number, away: number): Score => ({ home, away });

describe('settling a selection from the final score', () => {
  it('settles the match result, double chance and both teams to score', () => {
    expect(settleSelection({ market: '1x2', pick: 'home' }, score(2, 1))).toBe('won');
    expect(settleSelection({ market: '1x2', pick: 'draw' }, score(2, 1))).toBe('lost');
    expect(settleSelection({ market: 'double-chance', pick: 'draw-away' }, score(1, 1))).toBe(
      'won',
    );
    expect(settleSelection({ market: 'double-chance', pick: 'home-away' }, score(0, 0))).toBe(
      'lost',
    );
    expect(settleSelection({ market: 'btts', pick: 'yes' }, score(1, 0))).toBe('lost');
    expect(settleSelection({ market: 'btts', pick: 'no' }, score(3, 0))).toBe('won');
  });

  it('pushes whole lines, never half lines, and splits quarter lines', () => {
    const over = (line: number, total: number) =>
      settleSelection({ market: 'total', line, pick: 'over' }, score(total, 0));
    expect(over(2, 2)).toBe('void');
    expect(over(2.5, 2)).toBe('lost');
    expect(over(2.25, 2)).toBe('half-lost'); // 2.0 void, 2.5 lost
    expect(over(2.75, 3)).toBe('half-won'); // 2.5 won, 3.0 void
    expect(over(2.75, 4)).toBe('won');
    // Home −0.25 in a draw: half on 0 (void), half on −0.5 (lost).
    expect(settleSelection({ market: 'handicap', line: -0.25, pick: 'home' }, score(1, 1))).toBe(
      'half-lost',
    );
    expect(settleSelection({ market: 'handicap', line: -0.25, pick: 'away' }, score(1, 1))).toBe(
      'half-won',
    );
    expect(() => over(2.1, 2)).toThrow(RangeError);
  });

  it('pays a quarter line as the two half-stake bets it is (fast-check)', () => {
    const quarterSelections = fc.oneof(
      fc.record({
        market: fc.constant('total' as const),
        line: fc.integer({ min: 0, max: 20 }).map((q) => q / 2 + 0.25),
        pick: fc.constantFrom('over' as const, 'under' as const),
      }),
      fc.record({
        market: fc.constant('handicap' as const),
        line: fc.integer({ min: -20, max: 20 }).map((q) => q / 2 + 0.25),
        pick: fc.constantFrom('home' as const, 'away' as const),
      }),
    );
    fc.assert(
      fc.property(
        quarterSelections,
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1010, max: 5000 }),
        (selection, home, away, odds) => {
          const final = score(home, away);
          const factor = (s: Selection) => {
            const f = legFactor(odds, settleSelection(s, final))!;
            return Number(f.num) / Number(f.den);
          };
          const whole = factor(selection);
          const halves =
            (factor({ ...selection, line: selection.line - 0.25 }) +
              factor({ ...selection, line: selection.line + 0.25 })) /
            2;
          expect(whole).toBeCloseTo(halves, 12);
        },
      ),
    );
  });

  it('settles a handicap’s two sides as opposites (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -24, max: 24 }).map((q) => q / 4),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (line, home, away) => {
          const mine = settleSelection(
            { market: 'handicap', line, pick: 'home' },
            score(home, away),
          );
          const theirs = settleSelection(
            { market: 'handicap', line, pick: 'away' },
            score(home, away),
          );
          const opposite = {
            won: 'lost',
            lost: 'won',
            void: 'void',
            'half-won': 'half-lost',
            'half-lost': 'half-won',
            pending: 'pending',
          } as const;
          expect(theirs).toBe(opposite[mine]);
        },
      ),
    );
  });
});
