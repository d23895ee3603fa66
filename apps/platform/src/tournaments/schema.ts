/** Tournaments (issue #27): operator-defined tournaments and their players' entries. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';

/** One place's prize: cash to the main balance, or a bonus template (a bonus or free spins). */
export type PrizeSpec =
  | { place: number; type: 'cash'; amount_minor: string }
  | { place: number; type: 'bonus' | 'freespins'; template_id: number };

export const tournaments = pgTable('tournaments', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** The prize pool's currency; money scores (wins, net) count only rounds in it. */
  currency: text('currency').notNull(),
  /** `wins` (sum of wins), `multiplier` (biggest win ÷ stake), `rounds`, `net` (wins − stakes). */
  scoring: text('scoring').notNull(),
  /** Games (sysnames) and providers that count; both empty: every game. */
  games: jsonb('games').$type<string[]>().notNull().default([]),
  providers: jsonb('providers').$type<string[]>().notNull().default([]),
  /** The least stake (minor units of the round's currency) of a round that counts. */
  minStakeMinor: bigint('min_stake_minor', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** Who may take part: countries and currencies (empty: any), players this new (null: any). */
  countries: jsonb('countries').$type<string[]>().notNull().default([]),
  currencies: jsonb('currencies').$type<string[]>().notNull().default([]),
  newPlayersDays: integer('new_players_days'),
  prizes: jsonb('prizes').$type<PrizeSpec[]>().notNull().default([]),
  resetOnCashout: boolean('reset_on_cashout').notNull().default(false),
  /** `participate` (the player joins) or `auto` (every eligible player's first counted round). */
  entry: text('entry').notNull().default('participate'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  /** The leaderboard's version: raised by every change of a score (the SSE event id). */
  revision: bigint('revision', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** Set once, by the instance that paid the prizes. */
  finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').notNull(),
    /**
     * The name the public leaderboard shows, taken through identity's door when the player joins:
     * their nickname (fakename, §3) or "Player <id>", never a login or an email.
     */
    name: text('name').notNull().default(''),
    /** The score: minor units (wins, net), rounds, or the multiplier in 1/100ths. */
    score: bigint('score', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rounds: integer('rounds').notNull().default(0),
    winsMinor: bigint('wins_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stakesMinor: bigint('stakes_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** When the score last changed: the earlier of two equal scores ranks higher. */
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    /** The tournament's revision at this row's last change. */
    revision: bigint('revision', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** Set when the tournament is finalized. */
    place: integer('place'),
    prize: jsonb('prize').$type<PrizeSpec | null>(),
  },
  (t) => [
    unique('tournament_entries_player').on(t.tournamentId, t.playerId),
    index('tournament_entries_revision_idx').on(t.tournamentId, t.revision),
  ],
);
