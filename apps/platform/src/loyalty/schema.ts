/**
 * Loyalty (issues #23, #27): characters, players' loyalty accounts, the points ledger, levels,
 * earning rates, programmes (quests) and their progress, the shop and notifications. Read and
 * written only inside loyalty/ (its index.ts is the door).
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
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { players } from '../identity/schema.ts';

export const characters = pgTable('characters', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
});

/**
 * A player's loyalty account. `points` (the balance) and `lifetime_points` (every point ever
 * earned, which decides the level) change only together with a row of `loyalty_points_ledger`,
 * under this row's lock (points.ts); `level` is the highest level reached (it never drops).
 */
export const loyaltyAccounts = pgTable('loyalty_accounts', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  points: integer('points').notNull().default(0),
  lifetimePoints: bigint('lifetime_points', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  level: integer('level').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * The points ledger: one row per change of a player's points, never updated. The idempotency key
 * is unique (`play:<event id>`, `rollback:<event id>`, `shop:<player>:<request>`,
 * `quest:<programme>:<player>:<period>`), so a replayed change adds nothing.
 */
export const loyaltyPointsLedger = pgTable(
  'loyalty_points_ledger',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** `earn` (play), `rollback` (a cancelled stake's points back), `spend` (shop), `reward` (quest). */
    kind: text('kind').notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    lifetimeAfter: bigint('lifetime_after', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loyalty_points_ledger_player_idx').on(t.playerId, t.id)],
);

/**
 * The levels and their perks (the operator's table). A player is at the highest level whose
 * `points_from` their lifetime points reach.
 */
export const loyaltyLevels = pgTable('loyalty_levels', {
  level: integer('level').primaryKey(),
  name: text('name').notNull(),
  pointsFrom: bigint('points_from', { mode: 'bigint' }).notNull().unique(),
  /** Perks: the cashback percentage the level promises, and the shop's discount. */
  cashbackPercent: integer('cashback_percent').notNull().default(0),
  shopDiscountPercent: integer('shop_discount_percent').notNull().default(0),
  imageUrl: text('image_url'),
});

/**
 * Points per 1.00 of real-money stake, by product (`casino`, `sports`), game category (`*`: any
 * other) and currency. A stake in a currency without a rate earns nothing.
 */
export const loyaltyEarnRates = pgTable(
  'loyalty_earn_rates',
  {
    id: serial('id').primaryKey(),
    product: text('product').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    pointsPerUnit: integer('points_per_unit').notNull(),
  },
  (t) => [unique('loyalty_earn_rates_key').on(t.product, t.category, t.currency)],
);

/** A programme (a quest): what counts, how much, in which period, and its reward. */
export const loyaltyPrograms = pgTable('loyalty_programs', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  /** `rounds` (settled real-money bets), `stake` (their sum, minor units), `deposits`, `profile`, `confirm`. */
  kind: text('kind').notNull(),
  /** `rounds` and `stake` only: the game category that counts (null: any game). */
  category: text('category'),
  target: bigint('target', { mode: 'bigint' }).notNull(),
  /** `once`, or `week` (Monday 00:00 UTC to the next; progress starts again each week). */
  period: text('period').notNull().default('once'),
  /** `points`, `bonus` or `freespins` (a bonus template's code), `cash`. */
  rewardType: text('reward_type').notNull(),
  rewardPoints: integer('reward_points'),
  rewardTemplateCode: text('reward_template_code'),
  rewardAmountMinor: bigint('reward_amount_minor', { mode: 'bigint' }),
  rewardCurrency: text('reward_currency'),
  minLevel: integer('min_level').notNull().default(1),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** A player's progress in a programme's period; `completed_at` once, with its reward. */
export const loyaltyProgramProgress = pgTable(
  'loyalty_program_progress',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => loyaltyPrograms.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** `once`, or the week's Monday (`2026-11-23`). */
    period: text('period').notNull(),
    progress: bigint('progress', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** `paid`, or why not: `not_available` (no reward for the player's currency). */
    rewardStatus: text('reward_status'),
  },
  (t) => [unique('loyalty_program_progress_key').on(t.programId, t.playerId, t.period)],
);

/** The shop: products priced in points, each granting a bonus, a free-spin pack or cash. */
export const loyaltyProducts = pgTable('loyalty_products', {
  id: serial('id').primaryKey(),
  sysname: text('sysname').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  pricePoints: integer('price_points').notNull(),
  /** `bonus`, `freespins` (a bonus template's code) or `cash` (an amount in a currency). */
  type: text('type').notNull(),
  templateCode: text('template_code'),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }),
  currency: text('currency'),
  minLevel: integer('min_level').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** A purchase in the shop: the points spent and the grant, one row per request. */
export const loyaltyPurchases = pgTable('loyalty_purchases', {
  id: serial('id').primaryKey(),
  playerId: integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' }),
  productId: integer('product_id')
    .notNull()
    .references(() => loyaltyProducts.id),
  /** `shop:<player>:<request>`: the ledger row's key, and the grant's. */
  requestKey: text('request_key').notNull().unique(),
  pricePoints: integer('price_points').notNull(),
  /** What was granted: `{ type, bonus_id? , amount_minor?, currency? }`. */
  grant: jsonb('grant').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * §3 Loyalty notification: shown once as a toast (§4), then marked seen. `key` is unique, so a
 * replayed trigger notifies once.
 */
export const loyaltyNotifications = pgTable(
  'loyalty_notifications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** register, profile, confirm, quest, product, level. */
    trigger: text('trigger').notNull(),
    /** `credit` (something was credited) or `other`. */
    type: text('type').notNull(),
    /** What the texts need (a level's name, a programme's or product's title). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    amount: text('amount'),
    amountType: text('amount_type'),
    image: text('image'),
    key: text('key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [index('loyalty_notifications_player_idx').on(t.playerId, t.id)],
);
