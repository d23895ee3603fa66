/**
 * The wallet's tables (wallet/): balances and the ledger, and the seamless wallet's game sessions
 * and provider transactions (wallet/seamless/). Declared here and used only inside wallet/; the
 * other domains go through wallet/index.ts (issue #23). db/schema/index.ts re-exports them for
 * drizzle-kit and the database's typing.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

/** A balance per player, currency and kind (main, bonus, betting_bonus, fun), in minor units. */
export const wallets = pgTable(
  'wallets',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.currency] })],
);

/** One row per balance change, written in the same transaction, with an idempotency key. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    index('ledger_entries_player_idx').on(t.playerId, t.createdAt),
  ],
);

/**
 * The seamless wallet (wallet/seamless/): game sessions that game providers act on, and every
 * provider transaction (bet, win, rollback) with the answer it got, so a replay gets the same one.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    token: text('token').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    /** `real` moves money through the wallet; `fun` never calls it. */
    mode: text('mode').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_sessions_player_idx').on(t.playerId)],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: text('provider_id').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** bet, win, rollback; `bet` rows made by a rollback that came first are tombstones. */
    type: text('type').notNull(),
    /** A bet: open, settled (a win referenced it), rolled_back. Others: applied. */
    state: text('state').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    round: text('round').notNull(),
    roundClosed: boolean('round_closed').notNull().default(false),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** How the amount split between the main and bonus balances (signed: a bet is negative). */
    mainMinor: bigint('main_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    referenceTransactionUuid: text('reference_transaction_uuid'),
    /** A free spin's bet (amount zero) and its win name the pack they belong to. */
    freespinPackId: integer('freespin_pack_id'),
    /**
     * A bet placed while a wagering hold was open (issue #26): the hold and the weighted stake it
     * added, so a rollback takes exactly that back and a late win knows where its bonus part goes.
     */
    holdId: integer('hold_id'),
    wageredMinor: bigint('wagered_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What identifies the request for a replay: type, player, amount, round, reference. */
    fingerprint: text('fingerprint').notNull(),
    /** The answer given the first time, given again to a replay. */
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_provider_uuid').on(t.providerId, t.transactionUuid),
    index('wallet_transactions_player_idx').on(t.playerId, t.createdAt),
    // A round's rows together (a win's bets, games/getWinners and the history read them so).
    index('wallet_transactions_round_idx').on(t.providerId, t.round),
    // The site's latest wins (games/getWinners polls a week of them): paying wins only.
    index('wallet_transactions_wins_idx')
      .on(t.createdAt)
      .where(sql`${t.type} = 'win' and ${t.amountMinor} > 0`),
  ],
);

/**
 * Free-spin packs (the wallet's: the seamless wallet spends them; issue #23): spins of a fixed
 * stake on one game, granted to a player by the bonus engine (a `free_spins` template's bonus,
 * `bonus_id`) and consumed by the game through the seamless wallet: each spin is a bet of zero
 * naming the pack. A spin's win waits on the player's `freespins` wallet (pending winnings, not
 * stakeable, not withdrawable) until the bonus engine settles the pack (all spins played, expired
 * or cancelled): it then becomes the bonus's money, with its own wagering (issue #26).
 */
export const freespinPacks = pgTable(
  'freespin_packs',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameSysname: text('game_sysname').notNull(),
    remainingCount: integer('remaining_count').notNull(),
    totalCount: integer('total_count').notNull().default(0),
    /** received (not started), active, used (all spun), expired, cancelled (its bonus removed). */
    status: text('status').notNull().default('received'),
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull().default(20),
    currency: text('currency').notNull().default('EUR'),
    wonMinor: bigint('won_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The player bonus (bonuses/) the pack belongs to and whose money its winnings become; null
     * for a pack granted outside the engine before issue #26 (its wins go to the bonus balance).
     */
    bonusId: integer('bonus_id'),
    /** The last moment a spin may start (the template's time to activate); null: no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the bonus engine turned the winnings into the bonus (once). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('freespin_packs_bonus_key').on(t.bonusId),
    index('freespin_packs_player_idx').on(t.playerId, t.status),
    // The bonus job's scan: packs of a bonus not settled yet.
    index('freespin_packs_unsettled_idx')
      .on(t.expiresAt)
      .where(sql`${t.settledAt} is null and ${t.bonusId} is not null`),
  ],
);

/**
 * Wagering holds (issue #26): the wallet's side of a bonus. The bonus engine (bonuses/) opens one
 * when a player activates a bonus and closes it through wallet/index.ts; the wallet keeps what it
 * enforces where the money moves, in the bet's own transaction (sql/bet.sql): the weighted stake
 * added to `progress_minor`, the max bet refused at the debit, excluded games. The wallet knows
 * nothing of the bonus's other rules (triggers, expiry): `owner` names the bonus it belongs to.
 * At most one hold per player and currency is open or complete at a time.
 */
export const wageringHolds = pgTable(
  'wagering_holds',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** Whose hold it is, e.g. `bonus:12` (unique: opening it twice is one hold). */
    owner: text('owner').notNull(),
    /** open (wagering), complete (wagering done, waiting to convert), closed. */
    status: text('status').notNull().default('open'),
    /** How it closed: converted (to real money), forfeited, returned (deactivated). */
    outcome: text('outcome'),
    requiredMinor: bigint('required_minor', { mode: 'bigint' }).notNull(),
    progressMinor: bigint('progress_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The largest stake one bet may have while the hold is open; null: no limit. */
    maxBetMinor: bigint('max_bet_minor', { mode: 'bigint' }),
    /** Percent of a stake that counts, per game category (`{"slots":100,"table":10}`). */
    weights: jsonb('weights')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The percent for a game none of whose categories is in `weights`. */
    defaultWeight: integer('default_weight').notNull().default(0),
    /** Game sysnames that add nothing and may not be played with bonus money. */
    excludedGames: jsonb('excluded_games')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wagering_holds_owner_key').on(t.owner),
    uniqueIndex('wagering_holds_one_live')
      .on(t.playerId, t.currency)
      .where(sql`${t.status} in ('open', 'complete')`),
    index('wagering_holds_complete_idx')
      .on(t.status)
      .where(sql`${t.status} = 'complete'`),
  ],
);
