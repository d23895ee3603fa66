/**
 * The sandbox payment provider's own table (providers/payments/sandbox/): what a real provider
 * keeps on its side, owned by the provider (issue #23).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.ts';

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
