/**
 * Cashback's tables (cashback/, issue #26): the operator's terms per currency, each closed period
 * (where in the ledger it ended) and each player's cashback. Used only inside cashback/; the money
 * is the wallet's (wallet/index.ts), a bonus payout the bonus engine's (bonuses/index.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
import { players } from '../identity/schema.ts';

/** The operator's terms, one row per currency (amounts in its minor units). */
export const cashbackSettings = pgTable('cashback_settings', {
  id: serial('id').primaryKey(),
  currency: text('currency').notNull().unique(),
  /** Hundredths of a percent: 1000 is 10 %. */
  percentBp: integer('percent_bp').notNull(),
  minLossMinor: bigint('min_loss_minor', { mode: 'bigint' }).notNull(),
  capMinor: bigint('cap_minor', { mode: 'bigint' }),
  /** weekly (Monday 00:00 UTC) or daily (00:00 UTC). */
  period: text('period').notNull(),
  /** main or bonus (then `wagering_multiplier` × the amount is wagered first). */
  payoutTo: text('payout_to').notNull(),
  wageringMultiplier: integer('wagering_multiplier').notNull().default(0),
  claimHours: integer('claim_hours').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** The ledger position when the terms were first set: the first period starts there. */
  startWatermark: bigint('start_watermark', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  createdAt: createdAt(),
});

/** A closed period of one currency's cashback: computed once (unique), with its ledger span. */
export const cashbackPeriods = pgTable(
  'cashback_periods',
  {
    id: serial('id').primaryKey(),
    settingsId: integer('settings_id')
      .notNull()
      .references(() => cashbackSettings.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Ledger entries with `from_watermark < id <= to_watermark` are this period's. */
    fromWatermark: bigint('from_watermark', { mode: 'bigint' }).notNull(),
    toWatermark: bigint('to_watermark', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cashback_periods_once').on(t.settingsId, t.periodStart)],
);

/** A player's cashback: active → paid_out | expired | removed. */
export const cashbacks = pgTable(
  'cashbacks',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    settingsId: integer('settings_id')
      .notNull()
      .references(() => cashbackSettings.id),
    /** `period:<period id>` for a computed one, `staff:<…>` for a goodwill grant: once each. */
    grantKey: text('grant_key').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    netLossMinor: bigint('net_loss_minor', { mode: 'bigint' }).notNull(),
    percentBp: integer('percent_bp').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    payoutTo: text('payout_to').notNull(),
    wageringMultiplier: integer('wagering_multiplier').notNull().default(0),
    status: text('status').notNull().default('active'),
    receivingExpiredAt: timestamp('receiving_expired_at', { withTimezone: true }).notNull(),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cashbacks_grant_once').on(t.playerId, t.grantKey),
    index('cashbacks_player_idx').on(t.playerId, t.id),
    index('cashbacks_due_idx')
      .on(t.receivingExpiredAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
