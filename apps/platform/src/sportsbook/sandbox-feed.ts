import { priceMarket } from './odds.ts';
import { settleSelection } from './markets.ts';
import {
  MODELS,
  marketKey,
  scoreAt,
  selectionOf,
  type MarketSpec,
  type Script,
  type Sport,
  type SportModel,
  type Strengths,
} from './sports.ts';
import type {
  FeedBatch,
  FeedCompetition,
  FeedEvent,
  FeedMarket,
  FeedProvider,
  OutcomeResult,
} from './feed.ts';

/**
 * The sandbox feed (issue #29, demo mode only): a feed provider that behaves like a real one
 * without a network. Its whole world is a function of the time, so every instance and every poll
 * agree without any state of its own:
 *
 * - a calendar: each competition kicks off a fixture every `FIXTURE_EVERY` (competitions staggered
 *   across it, so something is always about to start or live), the next `AHEAD` of them listed,
 *   and a weekly outright (the competition's winner);
 * - each fixture's teams, strengths and whole match (goals, points, sets: its `Script`) are drawn
 *   from a generator seeded by its reference;
 * - prices from the sport's model (sports.ts) with the book's margin: before the start they drift
 *   every `DRIFT_EVERY` (a strength moves a little), in play they follow the clock and the score;
 * - markets are suspended for a while after each score, and a market too near decided is too;
 * - results when the match ends; one result in fifty is first published with a goal that is then
 *   taken back five minutes later (a correction, settled again), one fixture in a hundred is
 *   called off at its start (every market void, `event_cancelled`).
 *
 * `speed` plays it faster: at 60 a football match lasts 90 seconds and fixtures come 60 times as
 * often (the demo and the tests run it so).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How often each competition kicks off, at speed 1. */
export const FIXTURE_EVERY = 6 * HOUR;
/** How many of a competition's next fixtures are listed. */
const AHEAD = 8;
/** Prematch prices move this often, at speed 1. */
const DRIFT_EVERY = 5 * MINUTE;
/** An outright runs this long, at speed 1. */
const SEASON = 7 * 24 * HOUR;
/** An ended event stays in the feed's answers this long (minutes of play), with its result. */
const RESULTS_KEPT = 30;
/** A wrong result is taken back after this many minutes of play. */
const CORRECTION_AFTER = 5;
/** The markets close when one of their outcomes is this near certain. */
const DECIDED = 0.01;

interface CompetitionSpec {
  key: string;
  sport: Sport;
  name: string;
  country: string;
  teams: string[];
}

const COMPETITIONS: CompetitionSpec[] = [
  {
    key: 'premier',
    sport: 'football',
    name: 'Premier League',
    country: 'GB',
    teams: [
      'Arsenal',
      'Chelsea',
      'Liverpool',
      'Everton',
      'Fulham',
      'Brentford',
      'Burnley',
      'Wolves',
    ],
  },
  {
    key: 'laliga',
    sport: 'football',
    name: 'La Liga',
    country: 'ES',
    teams: [
      'Sevilla',
      'Valencia',
      'Villarreal',
      'Getafe',
      'Osasuna',
      'Girona',
      'Mallorca',
      'Betis',
    ],
  },
  {
    key: 'brasileirao',
    sport: 'football',
    name: 'Brasileirão',
    country: 'BR',
    teams: ['Flamengo', 'Palmeiras', 'Santos', 'Grêmio', 'Bahia', 'Fortaleza', 'Vasco', 'Cruzeiro'],
  },
  {
    key: 'atp',
    sport: 'tennis',
    name: 'ATP Tour',
    country: 'INT',
    teams: [
      'A. Novak',
      'C. Ruiz',
      'D. Berg',
      'J. Sato',
      'L. Moreau',
      'M. Costa',
      'P. Ivanov',
      'T. Walsh',
    ],
  },
  {
    key: 'wta',
    sport: 'tennis',
    name: 'WTA Tour',
    country: 'INT',
    teams: [
      'A. Lind',
      'B. Okafor',
      'E. Rossi',
      'I. Petrova',
      'K. Tanaka',
      'L. Fischer',
      'M. Silva',
      'S. Kerr',
    ],
  },
  {
    key: 'basket-euro',
    sport: 'basketball',
    name: 'EuroLeague',
    country: 'INT',
    teams: [
      'Madrid Kings',
      'Athens Owls',
      'Kaunas Wolves',
      'Milan Lights',
      'Berlin Bears',
      'Istanbul Tide',
    ],
  },
  {
    key: 'basket-nbl',
    sport: 'basketball',
    name: 'National League',
    country: 'US',
    teams: [
      'Harbor Hawks',
      'Desert Suns',
      'Lake Giants',
      'River Rockets',
      'Metro Stars',
      'Bay Comets',
    ],
  },
  {
    key: 'khl',
    sport: 'ice-hockey',
    name: 'Continental League',
    country: 'INT',
    teams: [
      'Riga Storm',
      'Helsinki Frost',
      'Prague Lions',
      'Minsk Bison',
      'Oslo Vikings',
      'Turku Pike',
    ],
  },
  {
    key: 'nordic-hockey',
    sport: 'ice-hockey',
    name: 'Nordic Hockey League',
    country: 'SE',
    teams: [
      'Malmö Red',
      'Luleå North',
      'Växjö Pine',
      'Örebro Iron',
      'Skellefteå Ice',
      'Frölunda Bay',
    ],
  },
  {
    key: 'cs-pro',
    sport: 'esports',
    name: 'Counter-Strike Pro League',
    country: 'INT',
    teams: ['Nova Five', 'Iron Wolves', 'Pixel Kings', 'Red Vector', 'Zero Ping', 'Blue Lotus'],
  },
  {
    key: 'lol-masters',
    sport: 'esports',
    name: 'League Masters',
    country: 'INT',
    teams: ['Dragon Gate', 'Star Forge', 'Night Owls', 'Tidal Mind', 'Solar Drift', 'Frost Crown'],
  },
];

/** FNV-1a: a 32-bit seed from a text. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, good-enough generator for a sandbox's draws. */
export function generator(text: string): () => number {
  let state = seedOf(text);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Fixture {
  ref: string;
  competition: CompetitionSpec;
  model: SportModel;
  home: string;
  away: string;
  startsAt: number;
  strengths: Strengths;
  script: Script;
  cancelled: boolean;
  /** A score published at the end and then taken back (a corrected result). */
  phantom: 'home' | 'away' | null;
}

export interface SandboxFeedOptions {
  /** How much faster than real time the calendar and the matches run (1: real time). */
  speed: number;
  /** The book's margin on prices, in basis points (500: 5 %). */
  marginBasisPoints: number;
  /** The calendar's origin (fixture 0 of the first competition). Default: 2026-01-01. */
  origin?: number;
}

export class SandboxFeed implements FeedProvider {
  readonly name = 'sandbox';
  private readonly speed: number;
  private readonly margin: number;
  private readonly origin: number;
  /** Prematch prices by event and drift step: the same answer within a step. */
  private readonly prematch = new Map<string, FeedMarket[]>();

  constructor(options: SandboxFeedOptions) {
    if (!(options.speed > 0)) throw new RangeError('the sandbox feed’s speed is above 0');
    this.speed = options.speed;
    this.margin = options.marginBasisPoints;
    this.origin = options.origin ?? Date.UTC(2026, 0, 1);
  }

  competitions(): FeedCompetition[] {
    return COMPETITIONS.map((spec, position) => ({
      ref: `${this.name}:${spec.key}`,
      sport: spec.sport,
      name: spec.name,
      country: spec.country,
      position,
    }));
  }

  async poll(now: Date): Promise<FeedBatch> {
    const events: FeedEvent[] = [];
    const t = now.getTime();
    const every = FIXTURE_EVERY / this.speed;
    COMPETITIONS.forEach((spec, index) => {
      const offset = (index * every) / COMPETITIONS.length;
      const model = MODELS[spec.sport];
      // The fixtures still in the feed: from the oldest whose result is still shown.
      const keptFor = ((model.duration * 1.5 + RESULTS_KEPT) * MINUTE) / this.speed;
      const first = Math.ceil((t - keptFor - this.origin - offset) / every);
      const next = Math.ceil((t - this.origin - offset) / every);
      for (let k = Math.max(0, first); k < next + AHEAD; k += 1) {
        const fixture = this.fixture(spec, k, this.origin + offset + k * every);
        events.push(this.matchState(fixture, t));
      }
      const season = Math.floor((t - this.origin) / (SEASON / this.speed));
      // The season's outright, and the last one's result for a while after it ended.
      if (season > 0 && t - this.seasonStart(season) < keptFor) {
        events.push(this.outright(spec, season - 1, t));
      }
      events.push(this.outright(spec, season, t));
    });
    // Forget prices of steps gone by.
    if (this.prematch.size > 20_000) this.prematch.clear();
    return { competitions: this.competitions(), events };
  }

  /** One fixture (`sandbox:<competition>:<k>`) as the feed gives it at `now`; null if unknown. */
  eventAt(ref: string, now: Date): FeedEvent | null {
    const match = /^sandbox:([a-z-]+):(\d+)$/.exec(ref);
    const index = COMPETITIONS.findIndex((spec) => spec.key === match?.[1]);
    if (!match || index < 0) return null;
    const every = FIXTURE_EVERY / this.speed;
    const k = Number(match[2]);
    const offset = (index * every) / COMPETITIONS.length;
    return this.matchState(
      this.fixture(COMPETITIONS[index]!, k, this.origin + offset + k * every),
      now.getTime(),
    );
  }

  private fixture(spec: CompetitionSpec, k: number, startsAt: number): Fixture {
    const ref = `${this.name}:${spec.key}:${k}`;
    const random = generator(ref);
    const home = Math.floor(random() * spec.teams.length);
    const away = (home + 1 + Math.floor(random() * (spec.teams.length - 1))) % spec.teams.length;
    const model = MODELS[spec.sport];
    const strengths = model.strengths(random);
    const cancelled = random() < 0.01;
    const corrected = random() < 0.02;
    const script = model.script(random, strengths);
    const last = script.events.at(-1);
    return {
      ref,
      competition: spec,
      model,
      home: spec.teams[home]!,
      away: spec.teams[away]!,
      startsAt,
      strengths,
      script,
      cancelled,
      phantom: corrected && last && spec.sport !== 'basketball' ? last.side : null,
    };
  }

  /** Minutes of play at `t` (may be negative before the start). */
  private minuteAt(fixture: Fixture, t: number): number {
    return ((t - fixture.startsAt) * this.speed) / MINUTE;
  }

  private matchState(fixture: Fixture, t: number): FeedEvent {
    const minute = this.minuteAt(fixture, t);
    const base = {
      ref: fixture.ref,
      competitionRef: `${this.name}:${fixture.competition.key}`,
      kind: 'match' as const,
      home: fixture.home,
      away: fixture.away,
      startsAt: new Date(fixture.startsAt),
    };
    const specs = fixture.model.markets(fixture.strengths);
    if (fixture.cancelled && minute >= 0) {
      return {
        ...base,
        status: 'cancelled',
        score: null,
        clock: null,
        markets: specs.map((spec) => ({
          key: marketKey(spec.kind, spec.line),
          kind: spec.kind,
          line: spec.line,
          status: 'void',
          voidReason: 'event_cancelled',
          outcomes: spec.outcomes.map((key) => ({ key, odds: null, result: 'void' })),
        })),
      };
    }
    if (minute < 0) {
      const step = Math.floor(((t - this.origin) * this.speed) / DRIFT_EVERY);
      const cacheKey = `${fixture.ref}:${step}`;
      let markets = this.prematch.get(cacheKey);
      if (!markets) {
        const drift = generator(cacheKey);
        const strengths =
          fixture.model.sport === 'tennis' || fixture.model.sport === 'esports'
            ? (() => {
                const home = Math.min(
                  0.9,
                  Math.max(0.1, fixture.strengths.home + (drift() - 0.5) * 0.04),
                );
                return { home, away: 1 - home };
              })()
            : {
                home: fixture.strengths.home * (1 + (drift() - 0.5) * 0.06),
                away: fixture.strengths.away * (1 + (drift() - 0.5) * 0.06),
              };
        markets = specs.map((spec) =>
          this.priced(fixture.model, spec, 0, { home: 0, away: 0 }, strengths, 'open'),
        );
        this.prematch.set(cacheKey, markets);
      }
      return { ...base, status: 'prematch', score: null, clock: null, markets };
    }
    const end = fixture.script.endMinute;
    if (minute >= end) {
      const score = scoreAt(fixture.script, end);
      if (fixture.phantom && minute < end + CORRECTION_AFTER) score[fixture.phantom] += 1;
      return {
        ...base,
        status: 'ended',
        score,
        clock: {
          minute: Math.round(end),
          period: fixture.model.periodStarts.length,
          at: new Date(t).toISOString(),
          running: false,
        },
        markets: specs.map((spec) => {
          const results = spec.outcomes.map((key) =>
            settleSelection(selectionOf(spec.kind, spec.line, key)!, score),
          );
          return {
            key: marketKey(spec.kind, spec.line),
            kind: spec.kind,
            line: spec.line,
            status: 'settled' as const,
            ...(results.every((r) => r === 'void') ? { voidReason: 'push' } : {}),
            outcomes: spec.outcomes.map((key, index) => ({
              key,
              odds: null,
              result: results[index] as OutcomeResult,
            })),
          };
        }),
      };
    }
    const score = scoreAt(fixture.script, minute);
    const suspended =
      fixture.model.suspendAfterScore > 0 &&
      fixture.script.events.some(
        (e) => e.minute <= minute && e.minute > minute - fixture.model.suspendAfterScore,
      );
    const whole = Math.floor(minute);
    const period = fixture.model.periodStarts.filter((start) => start <= minute).length;
    return {
      ...base,
      status: 'live',
      score,
      clock: { minute: whole, period, at: new Date(t).toISOString(), running: true },
      markets: specs.map((spec) =>
        this.priced(
          fixture.model,
          spec,
          whole,
          score,
          fixture.strengths,
          suspended ? 'suspended' : 'open',
        ),
      ),
    };
  }

  private priced(
    model: SportModel,
    spec: MarketSpec,
    minute: number,
    score: { home: number; away: number },
    strengths: Strengths,
    status: 'open' | 'suspended',
  ): FeedMarket {
    const probabilities = spec.outcomes.map((key) =>
      model.probability(selectionOf(spec.kind, spec.line, key)!, minute, score, strengths),
    );
    const market = { key: marketKey(spec.kind, spec.line), kind: spec.kind, line: spec.line };
    // Double chance's outcomes overlap (their chances sum to 2): each is priced on its own.
    const overlapping = spec.kind === 'double-chance';
    const total = overlapping ? 1 : probabilities.reduce((sum, p) => sum + p, 0);
    const chances = probabilities.map((p) => p / total);
    if (total <= 0 || chances.some((p) => p < DECIDED || p > 1 - DECIDED)) {
      return {
        ...market,
        status: 'suspended',
        outcomes: spec.outcomes.map((key) => ({ key, odds: null })),
      };
    }
    const odds = overlapping
      ? chances.map((p) => priceMarket([p, 1 - p], this.margin)[0] ?? null)
      : priceMarket(chances, this.margin);
    return {
      ...market,
      status,
      outcomes: spec.outcomes.map((key, index) => ({ key, odds: odds[index] ?? null })),
    };
  }

  private seasonStart(n: number): number {
    return this.origin + (n * SEASON) / this.speed;
  }

  /** A season's winner: priced from the teams' draws, settled when the season ends. */
  private outright(spec: CompetitionSpec, n: number, t: number): FeedEvent {
    const season = SEASON / this.speed;
    const ref = `${this.name}:${spec.key}:season:${n}`;
    const startsAt = this.seasonStart(n);
    const random = generator(ref);
    const weights = spec.teams.map(() => 0.5 + random());
    const total = weights.reduce((sum, w) => sum + w, 0);
    const winner = (() => {
      let roll = random() * total;
      for (const [index, w] of weights.entries()) {
        roll -= w;
        if (roll < 0) return index;
      }
      return weights.length - 1;
    })();
    const ended = t >= startsAt + season;
    const odds = ended
      ? []
      : priceMarket(
          weights.map((w) => w / total),
          this.margin,
        );
    return {
      ref,
      competitionRef: `${this.name}:${spec.key}`,
      kind: 'outright',
      home: spec.name,
      away: '',
      startsAt: new Date(startsAt + season),
      status: ended ? 'ended' : 'prematch',
      score: null,
      clock: null,
      markets: [
        {
          key: 'outright',
          kind: 'outright',
          line: null,
          status: ended ? 'settled' : 'open',
          outcomes: spec.teams.map((team, index) => ({
            key: team,
            odds: ended ? null : (odds[index] ?? null),
            ...(ended ? { result: index === winner ? ('won' as const) : ('lost' as const) } : {}),
          })),
        },
      ],
    };
  }
}
