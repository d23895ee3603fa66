/**
 * Player protection's tables (§3 deposit limits and self-exclusion): responsible/ owns them
 * (issue #23); other domains ask through responsible/index.ts. The bet function
 * (wallet/sql/bet.sql) reads `self_exclusions` in the bet's own transaction, so a bet and an
 * exclusion can never pass each other (the one table read outside this domain, on purpose).
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { players } from '../identity/schema.ts';

/**
 * A deposit limit of one period (1, 7, 14 or 30 days), counted in windows that start when the
 * limit was set. `pending…` is an increase or removal waiting for its cooling-off.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    periodDays: integer('period_days').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    pendingAmountMinor: bigint('pending_amount_minor', { mode: 'bigint' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    /** When the player last set or kept this limit: six months on, the next sign-in asks again. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.periodDays] })],
);

/**
 * Loss and session-time limits (issue #25), on the deposit limits' rules (a decrease at once, an
 * increase or removal after 24 hours). `kind` `loss`: `amount` in minor units of `currency` per
 * window of `period_days` (1, 7, 14, 30) from `anchor_at`, the net loss (stakes that stood minus
 * wins); `session`: `amount` minutes of one signed-in session (`period_days` 0, no currency).
 */
export const playLimits = pgTable(
  'play_limits',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodDays: integer('period_days').notNull(),
    currency: text('currency'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.periodDays] })],
);

/** Reality checks (UKGC RTS 13): the interval the player chose, 0 when off. */
export const realityChecks = pgTable('reality_checks', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  intervalMinutes: integer('interval_minutes').notNull().default(0),
});

/** A self-exclusion; `ends_at` null is permanent. The latest row is the one in force. */
export const selfExclusions = pgTable(
  'self_exclusions',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** `self_exclusion` (§3 periods) or `time_out` (24h, 7d, 6w): both stop play and sign-in. */
    kind: text('kind').notNull().default('self_exclusion'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('self_exclusions_player_idx').on(t.playerId, t.startedAt)],
);
