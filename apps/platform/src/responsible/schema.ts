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
  },
  (t) => [primaryKey({ columns: [t.playerId, t.periodDays] })],
);

/** A self-exclusion; `ends_at` null is permanent. The latest row is the one in force. */
export const selfExclusions = pgTable(
  'self_exclusions',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('self_exclusions_player_idx').on(t.playerId, t.startedAt)],
);
