/**
 * The payments domain's tables (payments/): deposits and withdrawals, and the provider events
 * already handled. Declared here and used only inside payments/; db/schema/index.ts re-exports
 * them for drizzle-kit and the database's typing (issue #23).
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
// The players the foreign key names: identity's table, reached through the schema aggregate (a
// column reference for the migrations' constraint, no call into identity's code).
import { players } from '../identity/schema.ts';

/**
 * A deposit or a withdrawal. Money moves only through the ledger (keys `deposit:<id>`,
 * `withdrawal:<id>:hold` and `withdrawal:<id>:return`), in the same transaction as the status.
 * `requisites` is always masked: a card number never reaches the database.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // deposit | withdrawal
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** deposit: pending | success | failed | cancelled; withdrawal: its stage. */
    status: text('status').notNull(),
    requisites: text('requisites'),
    bank: text('bank'),
    offerId: integer('offer_id'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** The provider's own reference (its payment or payout id). */
    providerRef: text('provider_ref'),
    /** Every stage with its time: `[{ stage, at }]`. */
    stages: jsonb('stages').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_player_idx').on(t.playerId, t.kind, t.createdAt),
    index('payments_status_idx').on(t.kind, t.status),
  ],
);

/** Provider events already handled: a replayed event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().primaryKey(),
  type: text('type').notNull(),
  paymentId: integer('payment_id'),
  outcome: text('outcome').notNull(),
  receivedAt: createdAt(),
});
