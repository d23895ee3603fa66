import type { LegResult } from '@northstar/contract/bet-math';

/**
 * The markets of a two-sided match and how a selection settles from the final score (issue #29).
 *
 * Lines are in quarters. A whole line (2.0, −1.0) is void on a push; a half line (2.5, −0.5)
 * cannot push; a quarter line (2.25, −0.75) is two bets of half the stake on the lines a quarter
 * either side, so it settles half won (one half won, one void), half lost (one void, one lost),
 * won or lost (the Asian rules every book uses).
 */
export type Selection =
  | { market: '1x2'; pick: 'home' | 'draw' | 'away' }
  | { market: 'double-chance'; pick: 'home-draw' | 'home-away' | 'draw-away' }
  | { market: 'total'; line: number; pick: 'over' | 'under' }
  | { market: 'btts'; pick: 'yes' | 'no' }
  /** Two-way, extra time and overtime included: a level final score (an abandoned tie) is void. */
  | { market: 'winner'; pick: 'home' | 'away' }
  /** The line is the home side's (−1.5: home gives a goal and a half); `away` takes its mirror. */
  | { market: 'handicap'; line: number; pick: 'home' | 'away' };

export interface Score {
  home: number;
  away: number;
}

/** Whether a line is a whole number of quarters. */
export function isQuarterLine(line: number): boolean {
  return Number.isFinite(line) && Number.isInteger(line * 4) && Math.abs(line) <= 1000;
}

/** One line that is whole or half: margin > 0 wins, < 0 loses, 0 pushes (void). */
function simple(margin: number): LegResult {
  return margin > 0 ? 'won' : margin < 0 ? 'lost' : 'void';
}

/** `margin(line)` is what the selection beats the line by; a quarter line splits in two. */
function asian(line: number, margin: (line: number) => number): LegResult {
  if (!isQuarterLine(line)) throw new RangeError('a line is a whole number of quarters');
  if (Number.isInteger(line * 2)) return simple(margin(line));
  const low = simple(margin(line - 0.25));
  const high = simple(margin(line + 0.25));
  if (low === high) return low;
  const halves = new Set([low, high]);
  if (halves.has('won') && halves.has('void')) return 'half-won';
  if (halves.has('lost') && halves.has('void')) return 'half-lost';
  // Lines half a goal apart cannot win one half and lose the other.
  throw new Error('unreachable: a quarter line won and lost at once');
}

/** How a selection settles from the match's final score. */
export function settleSelection(selection: Selection, score: Score): LegResult {
  const { home, away } = score;
  switch (selection.market) {
    case '1x2': {
      const outcome = home > away ? 'home' : home < away ? 'away' : 'draw';
      return selection.pick === outcome ? 'won' : 'lost';
    }
    case 'double-chance': {
      const outcome = home > away ? 'home' : home < away ? 'away' : 'draw';
      return selection.pick.split('-').includes(outcome) ? 'won' : 'lost';
    }
    case 'winner':
      if (home === away) return 'void';
      return (selection.pick === 'home') === home > away ? 'won' : 'lost';
    case 'btts': {
      const both = home > 0 && away > 0;
      return (selection.pick === 'yes') === both ? 'won' : 'lost';
    }
    case 'total': {
      const total = home + away;
      return asian(selection.line, (line) =>
        selection.pick === 'over' ? total - line : line - total,
      );
    }
    case 'handicap':
      return asian(selection.line, (line) =>
        selection.pick === 'home' ? home + line - away : away - line - home,
      );
  }
}
