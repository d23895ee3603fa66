import type { Clock, Scoreline } from './schema.ts';
import type { MarketKind, Sport } from './sports.ts';

/**
 * The feed provider interface (issue #29): where fixtures, prices, live scores and results come
 * from. A provider answers, at each poll, the current state of the events it has news of (a
 * whole event each time, as the odds APIs answer); the ingest (ingest.ts) compares each with what
 * the book has and writes only the differences, so a provider may send the same state again, and
 * a poll that fails or is repeated changes nothing. The sandbox feed (sandbox-feed.ts) is one; a
 * real feed (an odds API, a push feed behind a queue) is another behind the same interface.
 *
 * Results are a market's outcomes' results: the ingest writes them, and settlement reads them.
 * A result sent again different from the first is a correction: the bets on it are settled again.
 */

export type EventStatus = 'prematch' | 'live' | 'ended' | 'cancelled';
export type MarketStatus = 'open' | 'suspended' | 'settled' | 'void';
export type OutcomeResult = 'won' | 'lost' | 'void' | 'half-won' | 'half-lost';

export interface FeedCompetition {
  ref: string;
  sport: Sport;
  name: string;
  country: string;
  position: number;
}

export interface FeedOutcome {
  key: string;
  /** Thousandths; null: not offered now. */
  odds: number | null;
  /** Set when its market is settled. */
  result?: OutcomeResult;
}

export interface FeedMarket {
  key: string;
  kind: MarketKind;
  line: number | null;
  status: MarketStatus;
  /** Why a void market is void (`event_cancelled`, `abandoned`, …). */
  voidReason?: string;
  outcomes: FeedOutcome[];
}

export interface FeedEvent {
  ref: string;
  competitionRef: string;
  kind: 'match' | 'outright';
  home: string;
  away: string;
  startsAt: Date;
  status: EventStatus;
  score: Scoreline | null;
  clock: Clock | null;
  markets: FeedMarket[];
}

export interface FeedBatch {
  competitions: FeedCompetition[];
  events: FeedEvent[];
}

export interface FeedProvider {
  /** The prefix of its references (`sandbox`). */
  readonly name: string;
  poll(now: Date): Promise<FeedBatch>;
}
