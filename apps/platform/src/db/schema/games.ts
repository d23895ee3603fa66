/** Games: providers, games, favourites, free-spin packs. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { players } from './identity.ts';

export const gameProviders = pgTable('game_providers', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull().default('casino'),
  imageUrl: text('image_url'),
  isActive: boolean('is_active').notNull().default(true),
});

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    sysname: text('sysname').notNull().unique(),
    name: text('name').notNull(),
    providerSysname: text('provider_sysname').notNull(),
    imageUrl: text('image_url'),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    categories: jsonb('categories')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    /** The wallet provider whose launch opens the game (the built-in games' is `northstar`). */
    launchProvider: text('launch_provider').notNull().default('northstar'),
    /** The in-house engine a built-in game runs on (slot, roulette, blackjack, dice) and its setup. */
    engine: text('engine'),
    engineConfig: jsonb('engine_config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Return to player in basis points (9650 = 96.50 %), null when the provider did not say. */
    rtpBasisPoints: integer('rtp_basis_points'),
    volatility: text('volatility'),
    /** Colours and motif of the generated artwork. */
    theme: jsonb('theme')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    popularity: integer('popularity').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The game search (games/get `search`) matches any part of a name through a trigram index.
  (t) => [index('games_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

export const favourites = pgTable(
  'favourites',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameSysname: text('game_sysname').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameSysname] })],
);

/**
 * Free-spin packs: spins of a fixed stake on one game, granted to a player (the bonus engine, or
 * the demo seed) and consumed by the game through the seamless wallet: each spin is a bet of zero
 * naming the pack, whose win is flagged and goes to the bonus balance.
 */
export const freespinPacks = pgTable('freespin_packs', {
  id: serial('id').primaryKey(),
  playerId: integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' }),
  gameSysname: text('game_sysname').notNull(),
  remainingCount: integer('remaining_count').notNull(),
  totalCount: integer('total_count').notNull().default(0),
  /** received (not started), active, used. */
  status: text('status').notNull().default('received'),
  stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull().default(20),
  currency: text('currency').notNull().default('EUR'),
  wonMinor: bigint('won_minor', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A player's game-history export (games/createhistoryexportrequest): a CSV made by a background
 * job, kept in the database (any instance can serve it), downloadable by its owner only.
 */
export const gameHistoryExports = pgTable(
  'game_history_exports',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** pending, processing, ready, failed. */
    status: text('status').notNull().default('pending'),
    rows: integer('rows'),
    csv: text('csv'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('game_history_exports_player_idx').on(t.playerId, t.createdAt)],
);
