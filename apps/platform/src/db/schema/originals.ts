/**
 * The in-house game server (games/): its rounds, fun-mode balances and provably fair seeds. It
 * keeps no real money: real rounds move money only through the seamless wallet's API, and these
 * rows say which wallet transactions a round made so that an interrupted one is finished once.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
