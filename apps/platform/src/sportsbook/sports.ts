import { SPORTS } from '@northstar/contract';
import { finalScores as poissonScores, type MatchState } from './football-model.ts';
import { settleSelection, type Score, type Selection } from './markets.ts';

/**
 * The sports the book offers and how each one's matches are modelled (issue #29): the markets a
 * match offers, the chance of each selection from the clock and the score (the prices), and a
 * match's script (the sandbox feed plays it). Every chance is read through the settlement rules
 * (markets.ts), so prices and results never disagree.
 *
 * - Football and ice hockey: each side scores as a Poisson process (football-model.ts), three-way
 *   markets on the regulation time (90 and 60 minutes).
 * - Basketball: points come in baskets of 1, 2 and 3; what is still to come is near normal (the
 *   compound Poisson's mean and variance), two-way with overtime (a level score is shared out).
 * - Tennis and e-sports: best of three sets (maps), each won by the home side with its chance.
 */

/** The sports (one list, the contract's). */
export { SPORTS };
export type Sport = (typeof SPORTS)[number];

export const MARKET_KINDS = [
  '1x2',
  'double-chance',
  'total',
  'handicap',
  'btts',
  'winner',
  'outright',
] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

export interface MarketSpec {
  kind: MarketKind;
  line: number | null;
  outcomes: string[];
}

/** A market's key within its event: the kind, and its line when it has one (`total:2.5`). */
export function marketKey(kind: MarketKind, line: number | null): string {
  return line === null ? kind : `${kind}:${line}`;
}

/** What an outcome of a match market bets on, for pricing and settling it (null: an outright). */
export function selectionOf(kind: string, line: number | null, key: string): Selection | null {
  switch (kind) {
    case '1x2':
      return key === 'home' || key === 'draw' || key === 'away'
        ? { market: '1x2', pick: key }
        : null;
    case 'double-chance':
      return key === 'home-draw' || key === 'home-away' || key === 'draw-away'
        ? { market: 'double-chance', pick: key }
        : null;
    case 'btts':
      return key === 'yes' || key === 'no' ? { market: 'btts', pick: key } : null;
    case 'winner':
      return key === 'home' || key === 'away' ? { market: 'winner', pick: key } : null;
    case 'total':
      return line !== null && (key === 'over' || key === 'under')
        ? { market: 'total', line, pick: key }
        : null;
    case 'handicap':
      return line !== null && (key === 'home' || key === 'away')
        ? { market: 'handicap', line, pick: key }
        : null;
    default:
      return null;
  }
}

/** A match's strengths: expected goals or points per side, or the home side's chance of a set. */
export interface Strengths {
  home: number;
  away: number;
}

export interface ScoreEvent {
  /** Minutes of play when it happened. */
  minute: number;
  side: 'home' | 'away';
  points: number;
}

export interface Script {
  events: ScoreEvent[];
  /** When the match ends, in minutes of play. */
  endMinute: number;
}

export interface SportModel {
  sport: Sport;
  /** Minutes of play a match is expected to last. */
  duration: number;
  /** Periods (halves, quarters, sets) and the minutes each one starts at. */
  periodStarts: readonly number[];
  /** Minutes of play the markets stay suspended after a score (0: not suspended). */
  suspendAfterScore: number;
  markets(strengths: Strengths): MarketSpec[];
  /** The chance `selection` wins from `minute` and `score` on. */
  probability(selection: Selection, minute: number, score: Score, strengths: Strengths): number;
  /** A match as it will be played, drawn with `random`. */
  script(random: () => number, strengths: Strengths): Script;
  /** Strengths for a new fixture (the sandbox feed's calendar). */
  strengths(random: () => number): Strengths;
}

const winnerOutcomes = ['home', 'away'];

function poissonModel(sport: Sport, duration: number, periods: number, totals: number[]) {
  const state = (minute: number, score: Score, s: Strengths): MatchState => ({
    minute,
    score,
    duration,
    homeRate: s.home,
    awayRate: s.away,
  });
  const model: SportModel = {
    sport,
    duration,
    periodStarts: Array.from({ length: periods }, (_, index) => (index * duration) / periods),
    suspendAfterScore: 1,
    markets: () => [
      { kind: '1x2', line: null, outcomes: ['home', 'draw', 'away'] },
      { kind: 'double-chance', line: null, outcomes: ['home-draw', 'home-away', 'draw-away'] },
      ...totals.map((line) => ({ kind: 'total' as const, line, outcomes: ['over', 'under'] })),
      ...(sport === 'football'
        ? [{ kind: 'btts' as const, line: null, outcomes: ['yes', 'no'] }]
        : []),
      { kind: 'handicap', line: -1.5, outcomes: ['home', 'away'] },
    ],
    probability: (selection, minute, score, s) =>
      poissonScores(state(minute, score, s)).reduce(
        (sum, [final, p]) => (settleSelection(selection, final) === 'won' ? sum + p : sum),
        0,
      ),
    script(random, s) {
      const events: ScoreEvent[] = [];
      for (const side of ['home', 'away'] as const) {
        const perMinute = s[side] / duration;
        let minute = 0;
        for (;;) {
          minute += -Math.log(1 - random()) / perMinute;
          if (minute >= duration) break;
          events.push({ minute, side, points: 1 });
        }
      }
      return { events: events.sort((a, b) => a.minute - b.minute), endMinute: duration };
    },
    strengths: (random) =>
      sport === 'football'
        ? { home: 0.9 + random() * 1.1, away: 0.7 + random() * 1 }
        : { home: 2.4 + random() * 1.2, away: 2.1 + random() * 1.1 },
  };
  return model;
}

/** Φ, the standard normal distribution (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    t *
      (0.254829592 +
        t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
      Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Points per basket (1, 2, 3 with these chances): the mean and the mean square. */
const BASKETS = [
  [1, 0.15],
  [2, 0.6],
  [3, 0.25],
] as const;
const BASKET_MEAN = BASKETS.reduce((sum, [points, p]) => sum + points * p, 0);
const BASKET_SQUARE = BASKETS.reduce((sum, [points, p]) => sum + points * points * p, 0);

const basketball: SportModel = {
  sport: 'basketball',
  duration: 48,
  periodStarts: [0, 12, 24, 36],
  suspendAfterScore: 0,
  markets: (s) => {
    const total = Math.round(s.home + s.away) + 0.5;
    const spread = -Math.round(s.home - s.away) + 0.5;
    return [
      { kind: 'winner', line: null, outcomes: winnerOutcomes },
      { kind: 'handicap', line: spread, outcomes: ['home', 'away'] },
      { kind: 'total', line: total, outcomes: ['over', 'under'] },
    ];
  },
  probability(selection, minute, score, s) {
    const left = Math.max(0, basketball.duration - minute) / basketball.duration;
    // Still to come per side: compound Poisson, mean R·left, variance R·left·E[b²]/E[b].
    const variance = ((s.home + s.away) * left * BASKET_SQUARE) / BASKET_MEAN;
    const sd = Math.sqrt(variance);
    const margin = score.home - score.away + (s.home - s.away) * left;
    const total = score.home + score.away + (s.home + s.away) * left;
    /** P(X ≥ k) for an integer-valued X near N(mean, sd²). */
    const atLeast = (k: number, mean: number) =>
      sd === 0 ? (mean >= k ? 1 : 0) : 1 - normalCdf((k - 0.5 - mean) / sd);
    switch (selection.market) {
      case 'winner': {
        // A level score goes to overtime: an even share of the tie's chance.
        const win = atLeast(1, selection.pick === 'home' ? margin : -margin);
        const tie = 1 - atLeast(1, margin) - atLeast(1, -margin);
        return win + tie / 2;
      }
      case 'handicap': {
        // Home wins on margin + line > 0; the away side on the mirror (half lines only).
        const need = Math.floor(-selection.line) + 1;
        return selection.pick === 'home' ? atLeast(need, margin) : 1 - atLeast(need, margin);
      }
      case 'total': {
        const need = Math.floor(selection.line) + 1;
        return selection.pick === 'over' ? atLeast(need, total) : 1 - atLeast(need, total);
      }
      default:
        return 0;
    }
  },
  script(random, s) {
    const events: ScoreEvent[] = [];
    for (const side of ['home', 'away'] as const) {
      const perMinute = s[side] / BASKET_MEAN / basketball.duration;
      let minute = 0;
      for (;;) {
        minute += -Math.log(1 - random()) / perMinute;
        if (minute >= basketball.duration) break;
        const roll = random();
        const points = roll < BASKETS[0][1] ? 1 : roll < BASKETS[0][1] + BASKETS[1][1] ? 2 : 3;
        events.push({ minute, side, points });
      }
    }
    events.sort((a, b) => a.minute - b.minute);
    const home = events.filter((e) => e.side === 'home').reduce((sum, e) => sum + e.points, 0);
    const away = events.filter((e) => e.side === 'away').reduce((sum, e) => sum + e.points, 0);
    // Overtime, in short: a level game is decided by a last basket at the buzzer.
    if (home === away) {
      events.push({
        minute: basketball.duration,
        side: random() < 0.5 ? 'home' : 'away',
        points: 2,
      });
    }
    return { events, endMinute: basketball.duration };
  },
  strengths: (random) => ({ home: 100 + random() * 20, away: 96 + random() * 20 }),
};

/** The final set scores of a best of three from `score` on, with their chances. */
function setScores(score: Score, p: number): [Score, number][] {
  if (score.home >= 2 || score.away >= 2) return [[score, 1]];
  return [
    ...setScores({ home: score.home + 1, away: score.away }, p).map(
      ([final, q]): [Score, number] => [final, q * p],
    ),
    ...setScores({ home: score.home, away: score.away + 1 }, p).map(
      ([final, q]): [Score, number] => [final, q * (1 - p)],
    ),
  ];
}

function setsModel(sport: Sport, duration: number): SportModel {
  const model: SportModel = {
    sport,
    duration,
    periodStarts: [0, duration / 3, (2 * duration) / 3],
    suspendAfterScore: 2,
    markets: () => [
      { kind: 'winner', line: null, outcomes: winnerOutcomes },
      { kind: 'handicap', line: -1.5, outcomes: ['home', 'away'] },
      { kind: 'total', line: 2.5, outcomes: ['over', 'under'] },
    ],
    probability: (selection, _minute, score, s) =>
      setScores(score, s.home).reduce(
        (sum, [final, p]) => (settleSelection(selection, final) === 'won' ? sum + p : sum),
        0,
      ),
    script(random, s) {
      const events: ScoreEvent[] = [];
      const won = { home: 0, away: 0 };
      let minute = 0;
      while (won.home < 2 && won.away < 2) {
        minute += (duration / 3) * (0.75 + random() * 0.5);
        const side = random() < s.home ? 'home' : 'away';
        won[side] += 1;
        events.push({ minute, side, points: 1 });
      }
      return { events, endMinute: minute };
    },
    strengths: (random) => {
      const home = 0.3 + random() * 0.4;
      return { home, away: 1 - home };
    },
  };
  return model;
}

export const MODELS: Record<Sport, SportModel> = {
  football: poissonModel('football', 90, 2, [1.5, 2.5, 3.5]),
  'ice-hockey': poissonModel('ice-hockey', 60, 3, [5.5]),
  basketball,
  tennis: setsModel('tennis', 120),
  esports: setsModel('esports', 105),
};

/** The score after the script's events up to `minute`. */
export function scoreAt(script: Script, minute: number): Score {
  const score = { home: 0, away: 0 };
  for (const event of script.events) {
    if (event.minute > minute) break;
    score[event.side] += event.points;
  }
  return score;
}
