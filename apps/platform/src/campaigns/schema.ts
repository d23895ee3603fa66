/**
 * Campaigns (modules/campaigns, issue #26): promo codes with their limits, each activation of a
 * code, the offers the site shows (their triggers) and who took an offer. Declared here and read
 * only inside campaigns/; the bonus a code or an offer grants is bonuses/' (its template, reached
 * through bonuses/index.ts), and its money the wallet's.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
import { players } from '../identity/schema.ts';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case: codes are matched without regard to case. */
    code: text('code').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Null: no start (§5 promo rules: a code works only between its dates). */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    /** Null: no end. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /**
     * The bonus template the code grants (bonuses/). Null: the switched-on template whose own
     * `code` is this code in the player's currency (the demo's WELCOME100 deposit offer).
     */
    templateId: integer('template_id'),
    /** Activations in all; null: no limit. */
    maxUses: integer('max_uses'),
    /** Activations per player (1: once each). */
    maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
    /** Only players who have not made a successful deposit yet. */
    newPlayersOnly: boolean('new_players_only').notNull().default(false),
    /** Activations so far, counted under the row's lock with each activation. */
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(t.code)],
);

/**
 * One activation of a code by a player. `seq` numbers the code's activations and `player_seq`
 * the player's: both unique, so even a path that forgot the row lock could not count one use
 * twice (the limits are checked against them under the code's row lock).
 */
export const promoCodeActivations = pgTable(
  'promo_code_activations',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    playerSeq: integer('player_seq').notNull(),
    /** The bonus granted (null: a deposit offer the player's next deposit may take). */
    bonusId: integer('bonus_id'),
    templateId: integer('template_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_code_activations_seq').on(t.promoCodeId, t.seq),
    uniqueIndex('promo_code_activations_player_seq').on(t.promoCodeId, t.playerId, t.playerSeq),
    index('promo_code_activations_player_idx').on(t.playerId),
  ],
);

/**
 * An offer (§3 Offers: id, trigger {action, params.exclude_methods, user_satisfies_params},
 * description, promotions) over one bonus template: the template's id is the offer's id, so the
 * deposit form's `campaign_offer_id` is the same number whichever list it came from.
 */
export const campaignOffers = pgTable('campaign_offers', {
  templateId: integer('template_id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Payment methods (sysnames) the offer does not apply to. */
  excludeMethods: jsonb('exclude_methods')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Who may take it: `{ first_deposit?: true }` (offers.ts). */
  userSatisfiesParams: jsonb('user_satisfies_params')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** The content backend's promotion slugs that present this offer. */
  promotions: jsonb('promotions')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A player took an offer that grants without a deposit (`takepromotions`): once each. */
export const campaignOfferTakes = pgTable(
  'campaign_offer_takes',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    bonusId: integer('bonus_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaign_offer_takes_key').on(t.templateId, t.playerId)],
);
