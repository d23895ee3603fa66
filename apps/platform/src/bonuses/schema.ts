/**
 * The bonus engine's tables (bonuses/, issue #26): the templates an operator defines and each
 * player's bonuses. Declared here and used only inside bonuses/; money and wagering progress live
 * in wallet/ (its `wagering_holds`), reached through wallet/index.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
import { players } from '../identity/schema.ts';

/**
 * What an operator defines (staff API now, the back office later). Amounts are integer minor
 * units of `currency`: a template serves the players of that currency (a serious operator prices
 * each market on its own; another currency is another template).
 */
export const bonusTemplates = pgTable(
  'bonus_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * deposit_match, no_deposit, free_spins, cashback (cashback's payout), betting_free_bet (a
     * sportsbook free bet, free-bets.ts).
     */
    kind: text('kind').notNull(),
    /** registration, deposit, promo_code. */
    trigger: text('trigger').notNull(),
    /** The promo or offer code that grants it (upper case), e.g. WELCOME100. */
    code: text('code'),
    currency: text('currency').notNull(),
    minDepositMinor: bigint('min_deposit_minor', { mode: 'bigint' }),
    /** A fixed amount, or a percentage of the deposit up to `capMinor`. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    percent: integer('percent'),
    capMinor: bigint('cap_minor', { mode: 'bigint' }),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    /** bonus: the multiplier times the bonus; bonus_deposit: times bonus + deposit. */
    wageringBase: text('wagering_base').notNull().default('bonus'),
    weights: jsonb('weights')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    defaultWeight: integer('default_weight').notNull().default(0),
    excludedGames: jsonb('excluded_games')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    maxBetMinor: bigint('max_bet_minor', { mode: 'bigint' }),
    /** Hours to activate after it is granted, and to wager after activation. */
    activateHours: integer('activate_hours').notNull(),
    wagerHours: integer('wager_hours').notNull(),
    /** Free spins: the pack a free-spins bonus grants. */
    freespinGame: text('freespin_game'),
    freespinCount: integer('freespin_count'),
    freespinStakeMinor: bigint('freespin_stake_minor', { mode: 'bigint' }),
    /**
     * `betting_free_bet` (free-bets.ts): the lowest decimal odds a bet staked with the free bet
     * may have (the whole bet's odds: an accumulator's product), e.g. 1.50.
     */
    minOdds: numeric('min_odds', { precision: 8, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('bonus_templates_code_idx').on(t.code)],
);

/**
 * A player's bonus: available → active → wagered | expired | forfeited | removed; a sportsbook
 * free bet (template kind `betting_free_bet`): available → active → used | expired | removed
 * (free-bets.ts).
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => bonusTemplates.id),
    status: text('status').notNull().default('available'),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    requiredMinor: bigint('required_minor', { mode: 'bigint' }).notNull(),
    /** What granted it (`deposit:<payment>`, `registration`, `promo:<code>`): granted once. */
    grantKey: text('grant_key').notNull(),
    activateUntil: timestamp('activate_until', { withTimezone: true }).notNull(),
    wagerUntil: timestamp('wager_until', { withTimezone: true }),
    /** How many times it was activated (each activation's ledger key carries it). */
    activations: integer('activations').notNull().default(0),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('player_bonuses_grant_key').on(t.playerId, t.templateId, t.grantKey),
    index('player_bonuses_player_idx').on(t.playerId, t.status),
    index('player_bonuses_due_idx')
      .on(t.status)
      .where(sql`${t.status} in ('available', 'active')`),
  ],
);

/**
 * A free bet staked on the sportsbook (free-bets.ts, issue #26/#29): one row per bet the
 * sportsbook placed with it, under the sportsbook's own bet reference (unique: a replayed stake
 * is found, never made twice). At most one open stake per free bet (a partial unique index): the
 * database itself refuses a free bet spent twice. A void bet gives the free bet back, so a free bet
 * may have several settled rows and one open one.
 */
export const freeBetStakes = pgTable(
  'free_bet_stakes',
  {
    id: serial('id').primaryKey(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => playerBonuses.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    betRef: text('bet_ref').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** The decimal odds the bet was placed at, as the sportsbook gave them (exact text). */
    odds: text('odds').notNull(),
    /** open, won, lost, void. */
    status: text('status').notNull().default('open'),
    /** won: the sportsbook's return (stake × odds, stake included) and the winnings paid. */
    returnMinor: bigint('return_minor', { mode: 'bigint' }),
    paidMinor: bigint('paid_minor', { mode: 'bigint' }),
    /** void: whether the free bet came back to the player (not when it had expired meanwhile). */
    returned: boolean('returned'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('free_bet_stakes_bet_ref').on(t.betRef),
    uniqueIndex('free_bet_stakes_one_open')
      .on(t.bonusId)
      .where(sql`${t.status} = 'open'`),
  ],
);
