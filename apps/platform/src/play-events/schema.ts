/** Play events (issue #27): the outbox of settled play, and where each consumer has read to. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's 64-bit transaction id. The id of the transaction that published an event orders
 * the stream for its readers (consumer.ts explains why a bigserial alone cannot).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const playEvents = pgTable(
  'play_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** The publishing transaction (`pg_current_xact_id()`), set by the database. */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** Where it comes from, unique: `seamless:<provider>:<transaction_uuid>` for the casino. */
    ref: text('ref').notNull().unique(),
    /** `bet` (a stake taken), `win` (a round settled with a win, maybe 0), `rollback`. */
    kind: text('kind').notNull(),
    /** `casino` now; `sports` when the sportsbook lands. */
    product: text('product').notNull().default('casino'),
    playerId: integer('player_id').notNull(),
    currency: text('currency').notNull(),
    providerId: text('provider_id').notNull(),
    gameCode: text('game_code').notNull(),
    round: text('round').notNull(),
    /** What moved: the stake of a bet, the win, what a rollback gave back (minor units). */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Of the amount: real money and bonus money (a free spin's win is neither until settled). */
    realMinor: bigint('real_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The round's stake (a win's or rollback's bet), so a consumer needs no other table. */
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** A free spin's round (the operator's stake, not the player's). */
    freespin: boolean('freespin').notNull().default(false),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('play_events_order_idx').on(t.txId, t.id)],
);

export const playEventCursors = pgTable('play_event_cursors', {
  /** The consumer's name (`tournaments`, `loyalty`, …). */
  consumer: text('consumer').primaryKey(),
  /** The last event read: its transaction id and id (the stream's order). */
  txId: xid8('tx_id')
    .notNull()
    .default(sql`'0'::xid8`),
  eventId: bigint('event_id', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
