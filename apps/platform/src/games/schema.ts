/**
 * The games domain's tables (games/): the catalogue (providers, games), favourites, free-spin
 * packs and game-history exports; and the in-house game server's rounds, fun-mode balances,
 * provably fair seeds and progressive jackpots. Declared here and used only inside games/ and
 * the §7 games handlers; db/schema/index.ts re-exports them for drizzle-kit and the database's
 * typing (issue #23).
 */
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
// The players the foreign keys name: identity's table, reached through the schema aggregate (a
// column reference for the migrations' constraints, no call into identity's code).
import { players } from '../identity/schema.ts';

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
 * A player's game-history export (games/createhistoryexportrequest): CSV and XLSX of a period,
 * made by a background job, kept in the database (any instance can serve them), downloadable by
 * their owner only.
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
    /** The same rows as an XLSX workbook (issue #25), base64: PGlite and PostgreSQL alike. */
    xlsxBase64: text('xlsx_base64'),
    /** The period asked for (issue #25): rounds started at or after `from`, before `to`. */
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('game_history_exports_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * The in-house game server: its rounds, fun-mode balances and provably fair seeds. It keeps no
 * real money: real rounds move money only through the seamless wallet's API, and these rows say
 * which wallet transactions a round made so that an interrupted one is finished once.
 */
export const originalsRounds = pgTable(
  'originals_rounds',
  {
    id: text('id').primaryKey(),
    /** real (the wallet) or fun (originals_fun_wallets). */
    mode: text('mode').notNull(),
    /** Whose round: the wallet's user id in real mode, the fun wallet's id in fun mode. */
    owner: text('owner').notNull(),
    sessionToken: text('session_token').notNull(),
    gameCode: text('game_code').notNull(),
    engine: text('engine').notNull(),
    /** open (money or cards still to move), settled, void (the bet was refused). */
    status: text('status').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    currency: text('currency').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull().default(0),
    winMinor: bigint('win_minor', { mode: 'number' }).notNull().default(0),
    /** The wallet transactions the round made or will make: uuid, type, amount, done. */
    transactions: jsonb('transactions')
      .$type<{ uuid: string; type: 'bet' | 'win' | 'rollback'; amount: number; done: boolean }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A free spin's round: the pack (wallet's freespin_packs) it spent, issue #26. */
    freespinPackId: integer('freespin_pack_id'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('originals_rounds_owner_idx').on(t.owner, t.gameCode, t.status)],
);

export const originalsFunWallets = pgTable('originals_fun_wallets', {
  id: text('id').primaryKey(),
  balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  createdAt: createdAt(),
});

export const originalsSeeds = pgTable(
  'originals_seeds',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The next bet's nonce. */
    nonce: integer('nonce').notNull().default(0),
    createdAt: createdAt(),
    /** Set when the player rotates: the seed is shown from then on. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('originals_seeds_active')
      .on(t.owner)
      .where(sql`${t.revealedAt} is null`),
  ],
);

/**
 * Progressive jackpots of the built-in games, one pool per currency. The operator funds them: a
 * share of every real stake on a jackpot game (`contribution_basis_points`) goes to the pool, the
 * game's own return is unchanged. A win resets the pool to its seed and is paid in the round's
 * win through the wallet.
 */
export const jackpots = pgTable(
  'jackpots',
  {
    id: serial('id').primaryKey(),
    sysname: text('sysname').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    seedMinor: bigint('seed_minor', { mode: 'number' }).notNull(),
    poolMinor: bigint('pool_minor', { mode: 'number' }).notNull(),
    contributionBasisPoints: integer('contribution_basis_points').notNull(),
    /** A stake of s minor units wins with probability s / odds_minor. */
    oddsMinor: bigint('odds_minor', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('jackpots_sysname_currency').on(t.sysname, t.currency)],
);

export const jackpotWins = pgTable(
  'jackpot_wins',
  {
    id: serial('id').primaryKey(),
    jackpotId: integer('jackpot_id')
      .notNull()
      .references(() => jackpots.id),
    /** The wallet's user id (a player id). */
    owner: text('owner').notNull(),
    gameCode: text('game_code').notNull(),
    /** One jackpot win per round at most. */
    round: text('round').notNull().unique(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('jackpot_wins_created_idx').on(t.createdAt)],
);
