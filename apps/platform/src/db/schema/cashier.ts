/**
 * Player protection (responsible/) and the sandbox payment provider (providers/payments/sandbox/).
 * The payments themselves are payments/'s tables (payments/schema.ts).
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { players } from './identity.ts';

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

/**
 * The sandbox provider's own records (a real provider keeps these on its side): the payment
 * or payout it was asked for, where to send the player back and where to send the webhook.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(), // payment | payout
    merchantTransaction: integer('merchant_transaction').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(), // open | challenge | processing | succeeded | failed
    returnUrl: text('return_url').notNull(),
    webhookUrl: text('webhook_url'),
    /** Last four digits only. */
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    /** The webhook to send: its event, when, and how many tries so far. */
    eventType: text('event_type'),
    eventId: text('event_id'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_merchant_idx').on(t.kind, t.merchantTransaction),
    index('sandbox_payments_due_idx').on(t.dueAt),
  ],
);
