import { settleSelection, type Score, type Selection } from './markets.ts';

/**
 * The sandbox feed's model of a football match (issue #29): each side scores as a Poisson process
 * at its rate (expected goals over 90 minutes), so the goals still to come by full time are
 * Poisson with the rate times the time left. A selection's probability is the chance of the
 * final scores it wins on, read through the same settlement rules the bets use (markets.ts), so
 * the prices and the settlement never disagree. Lines with a push (whole and quarter lines) are
 * settled but not priced here: the sandbox offers half lines.
 */

export const MATCH_MINUTES = 90;
/** Goals still to come per side that the model counts one by one; the tail is folded into it. */
const MAX_GOALS = 15;

export interface MatchState {
  /** Minutes played, 0 to `duration`. */
  minute: number;
  /** Minutes of play in a match: 90 (football, the default), 60 (ice hockey's regulation). */
  duration?: number;
  score: Score;
  /** Expected goals over a whole match. */
  homeRate: number;
  awayRate: number;
}

/** P(k more goals) for k = 0 … MAX_GOALS, the last one holding the tail. */
export function goalsToCome(rate: number, minute: number, duration = MATCH_MINUTES): number[] {
  const left = Math.max(0, duration - minute) / duration;
  const lambda = Math.max(0, rate) * left;
  const out: number[] = [];
  let p = Math.exp(-lambda);
  let total = 0;
  for (let k = 0; k < MAX_GOALS; k += 1) {
    out.push(p);
    total += p;
    p = (p * lambda) / (k + 1);
  }
  out.push(Math.max(0, 1 - total));
  return out;
}

/** The chance of each final score: `[score, probability]` pairs that sum to 1. */
export function finalScores(state: MatchState): [Score, number][] {
  const home = goalsToCome(state.homeRate, state.minute, state.duration);
  const away = goalsToCome(state.awayRate, state.minute, state.duration);
  const out: [Score, number][] = [];
  home.forEach((ph, h) =>
    away.forEach((pa, a) => {
      const p = ph * pa;
      if (p > 0) out.push([{ home: state.score.home + h, away: state.score.away + a }, p]);
    }),
  );
  return out;
}

/** The chance a selection wins, by the settlement rules. */
export function winProbability(selection: Selection, state: MatchState): number {
  return finalScores(state).reduce(
    (sum, [score, p]) => (settleSelection(selection, score) === 'won' ? sum + p : sum),
    0,
  );
}
