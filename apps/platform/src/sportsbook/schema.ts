/**
 * The sportsbook's tables (issue #29). The trading side (competitions, events, markets, outcomes)
 * is written only by the feed's ingest (ingest.ts); the betting side (bets, legs, cash-outs) only
 * by placement, settlement and cash-out. Money is never here: stakes, returns and cash-outs are
 * ledger movements through wallet/, and these rows name them (their idempotency keys derive from
 * the bet's id). Odds are thousandths (1.85 → 1850), money minor units of the bet's currency.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';

export const sbCompetitions = pgTable('sb_competitions', {
  id: serial('id').primaryKey(),
  /** The feed's name for it (`<feed>:<its id>`): the ingest's key. */
  feedRef: text('feed_ref').notNull().unique(),
  sport: text('sport').notNull(),
  name: text('name').notNull(),
  /** ISO 3166 alpha-2, or `INT` for international competitions. */
  country: text('country').notNull(),
  position: integer('position').notNull().default(0),
});

export interface Clock {
  /** Minutes (seconds for no sport here) played at `at`. */
  minute: number;
  /** 1-based period (half, quarter, set, map). */
  period: number;
  /** The instant `minute` was read; a running clock moves on from there. */
  at: string;
  running: boolean;
}

export interface Scoreline {
  home: number;
  away: number;
}

export const sbEvents = pgTable(
  'sb_events',
  {
    id: serial('id').primaryKey(),
    feedRef: text('feed_ref').notNull().unique(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => sbCompetitions.id, { onDelete: 'cascade' }),
    /** `match` (two participants) or `outright` (a competition's winner). */
    kind: text('kind').notNull().default('match'),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** `prematch`, `live`, `suspended`, `ended`, `cancelled`. */
    status: text('status').notNull().default('prematch'),
    score: jsonb('score').$type<Scoreline | null>(),
    clock: jsonb('clock').$type<Clock | null>(),
    /** Raised by every change the ingest writes (the change log's order inside an event). */
    revision: bigint('revision', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sb_events_starts_idx').on(t.startsAt),
    index('sb_events_status_idx').on(t.status),
    index('sb_events_updated_idx').on(t.updatedAt),
    index('sb_events_competition_idx').on(t.competitionId, t.startsAt),
  ],
);

export const sbMarkets = pgTable(
  'sb_markets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => sbEvents.id, { onDelete: 'cascade' }),
    /** `1x2`, `double-chance`, `total`, `handicap`, `btts`, `winner`, `outright`. */
    kind: text('kind').notNull(),
    /** The kind and its line: `total:2.5`, `1x2` (the ingest's key within the event). */
    key: text('key').notNull(),
    /** The line of a total or a handicap (the home side's), else null. */
    line: numeric('line', { precision: 6, scale: 2 }),
    /** `open`, `suspended`, `settled`, `void`. */
    status: text('status').notNull().default('open'),
    /** Whether two of its outcomes, or it and another market of its event, may share a bet. */
    combinable: boolean('combinable').notNull().default(false),
    /** The most one bet may stake on it, minor units of the book's base currency (null: none). */
    maxStakeMinor: bigint('max_stake_minor', { mode: 'bigint' }),
    position: integer('position').notNull().default(0),
    /** Why a void market is void. */
    voidReason: text('void_reason'),
    /**
     * When staff settled or voided it by hand (issue #30, `sportsbook/staffsettlemarket`): the
     * feed's ingest no longer changes it, so a feed that lags or disagrees cannot undo a decision.
     */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sb_markets_key').on(t.eventId, t.key)],
);

export const sbOutcomes = pgTable(
  'sb_outcomes',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => sbMarkets.id, { onDelete: 'cascade' }),
    /** `home`, `draw`, `away`, `over`, `under`, `yes`, `no`, `home-draw`, … or a participant. */
    key: text('key').notNull(),
    /** The current price in thousandths; null when the book does not offer it. */
    odds: integer('odds'),
    /** `open`, `suspended`, then its result: `won`, `lost`, `void`, `half-won`, `half-lost`. */
    status: text('status').notNull().default('open'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('sb_outcomes_key').on(t.marketId, t.key)],
);

/**
 * What changed, in the order it was written: the odds stream (live.ts) sends these to browsers,
 * and a browser that reconnects with `Last-Event-ID` gets the rows after it. Kept an hour.
 */
export const sbChanges = pgTable(
  'sb_changes',
  {
    seq: bigserial('seq', { mode: 'bigint' }).primaryKey(),
    eventId: integer('event_id').notNull(),
    competitionId: integer('competition_id').notNull(),
    sport: text('sport').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sb_changes_created_idx').on(t.createdAt)],
);

export const sbBets = pgTable(
  'sb_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: integer('player_id').notNull(),
    /** The player's request id: a placement sent twice is one bet. */
    requestId: text('request_id').notNull(),
    /** `single`, `accumulator`, `system:2` (2/n), or a named system (`trixie`, `yankee`, …). */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Per line, minor units; lowered by a partial cash-out. */
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** The stake per line when placed. */
    placedStakeMinor: bigint('placed_stake_minor', { mode: 'bigint' }).notNull(),
    lines: integer('lines').notNull(),
    /** The free bet (a bonus of bonuses/) staked on it, or null for real money. */
    freeBetId: integer('free_bet_id'),
    oddsChange: text('odds_change').notNull(),
    /** `open`, `won`, `lost`, `void`, `cashed-out`. */
    status: text('status').notNull().default('open'),
    /** What the settlement paid (the current one after a resettlement). */
    returnMinor: bigint('return_minor', { mode: 'bigint' }),
    /** What cash-outs have paid in all. */
    cashedOutMinor: bigint('cashed_out_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What a corrected result took back that the player's balance no longer held. */
    owedMinor: bigint('owed_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Raised by each settlement: the first is 1, a resettlement 2, … (ledger keys carry it). */
    settlements: integer('settlements').notNull().default(0),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sb_bets_request').on(t.playerId, t.requestId),
    index('sb_bets_player_idx').on(t.playerId, t.id),
    index('sb_bets_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const sbBetLegs = pgTable(
  'sb_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'bigint' })
      .notNull()
      .references(() => sbBets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    outcomeId: integer('outcome_id').notNull(),
    marketId: integer('market_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** The odds taken, thousandths. */
    odds: integer('odds').notNull(),
    /** `pending`, `won`, `lost`, `void`, `half-won`, `half-lost`. */
    result: text('result').notNull().default('pending'),
    voidReason: text('void_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.position] }),
    index('sb_bet_legs_outcome_idx').on(t.outcomeId),
    index('sb_bet_legs_event_idx').on(t.eventId),
    index('sb_bet_legs_pending_idx')
      .on(t.outcomeId)
      .where(sql`${t.result} = 'pending'`),
  ],
);

export const sbCashOuts = pgTable(
  'sb_cash_outs',
  {
    id: serial('id').primaryKey(),
    betId: bigint('bet_id', { mode: 'bigint' })
      .notNull()
      .references(() => sbBets.id, { onDelete: 'cascade' }),
    /** The player's request id, unique per bet: a cash-out sent twice is one. */
    requestId: text('request_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The stake per line before and after (equal to `0` after a full cash-out). */
    stakeBeforeMinor: bigint('stake_before_minor', { mode: 'bigint' }).notNull(),
    stakeAfterMinor: bigint('stake_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sb_cash_outs_request').on(t.betId, t.requestId)],
);

/** A player's sportsbook settings (the odds-change setting; UKGC RTS 2C). */
export const sbPlayerSettings = pgTable('sb_player_settings', {
  playerId: integer('player_id').primaryKey(),
  oddsChange: text('odds_change').notNull().default('none'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The feed's ingest, one row per feed: `seq` is raised by every ingest pass, on whichever
 * instance makes it, so an instance knows whether the book still is what it last wrote.
 */
export const sbFeedState = pgTable('sb_feed_state', {
  feed: text('feed').primaryKey(),
  seq: bigint('seq', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  polledAt: timestamp('polled_at', { withTimezone: true }),
});
