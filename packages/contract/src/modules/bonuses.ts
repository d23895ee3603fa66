import * as v from 'valibot';
import { money } from '../entities.ts';
import * as w from '../wire.ts';
import { bonusId, fieldsParam, list, method, ok, paging, staffMethod } from './shared.ts';

// §7 `bonuses`: its methods, and the entities only this module uses (issue #26).

/** A player's bonus lifecycle (issue #26): available → active → wagered | expired | forfeited | removed. */
export const BONUS_STATUSES = [
  'available',
  'active',
  'wagered',
  'expired',
  'forfeited',
  'removed',
] as const;
export const bonusStatus = v.picklist(BONUS_STATUSES);

/** `betting_free_bet`: a sportsbook free bet (its player methods are `bettingbonuses/*`). */
export const BONUS_KINDS = [
  'deposit_match',
  'no_deposit',
  'free_spins',
  'cashback',
  'betting_free_bet',
] as const;
/** `offer`: granted when a player takes it (campaigns/takepromotions, issue #26). */
export const BONUS_TRIGGERS = ['registration', 'deposit', 'promo_code', 'offer'] as const;

/** §3 Bonus (id, type, status) and what the player must see to wager it honestly (ours). */
export const bonus = v.object({
  id: v.number(),
  /** §3: betting or casino; this module's bonuses are casino ones. */
  type: v.literal('casino'),
  status: bonusStatus,
  name: v.string(),
  description: v.string(),
  kind: v.picklist(BONUS_KINDS),
  amount: money,
  /** The deposit it matched (deposit bonuses), else null. */
  deposit: v.nullable(money),
  wagering: v.object({
    multiplier: v.number(),
    base: v.picklist(['bonus', 'bonus_deposit']),
    required: money,
    /** Weighted stakes counted so far (capped at `required` for display). */
    done: money,
    /** Done / required in percent, two decimals, rounded down. */
    percent: v.string(),
  }),
  /** Percent of each stake that counts, per game category. */
  weights: v.array(v.object({ category: v.string(), percent: v.number() })),
  /** The percent for games in none of the listed categories. */
  default_weight: v.number(),
  excluded_games: v.array(v.string()),
  /** The largest stake one bet may have while it wagers; null: no limit. */
  max_bet: v.nullable(money),
  /** ISO instants (the page shows them in the player's time zone). */
  activate_until: v.string(),
  wager_until: v.nullable(v.string()),
  created_at: v.string(),
  /**
   * A `free_spins` bonus's pack (issue #26): its amount is what the spins win, zero until the
   * pack is over, so the page shows the pack instead (spins left of the total, each spin's stake,
   * the game, what they have won so far). `settled`: the winnings became the bonus's amount.
   * Null for other kinds (absent from older answers).
   */
  free_spins: v.optional(
    v.nullable(
      v.object({
        game: v.object({ sysname: v.string(), name: v.nullable(v.string()) }),
        total_count: v.number(),
        remaining_count: v.number(),
        stake: money,
        won: money,
        status: v.string(),
        settled: v.boolean(),
      }),
    ),
  ),
});

/** A template an operator defines (staff methods). Amounts in the template's currency. */
export const bonusTemplate = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  kind: v.picklist(BONUS_KINDS),
  trigger: v.picklist(BONUS_TRIGGERS),
  code: v.nullable(v.string()),
  currency: v.string(),
  min_deposit: v.nullable(v.string()),
  amount: v.nullable(v.string()),
  percent: v.nullable(v.number()),
  cap: v.nullable(v.string()),
  wagering_multiplier: v.number(),
  wagering_base: v.picklist(['bonus', 'bonus_deposit']),
  weights: v.record(v.string(), v.number()),
  default_weight: v.number(),
  excluded_games: v.array(v.string()),
  max_bet: v.nullable(v.string()),
  activate_hours: v.number(),
  wager_hours: v.number(),
  /** `free_spins` (issue #26): the pack it grants: the game, the spins, each spin's stake. */
  freespin_game: v.optional(v.nullable(v.string())),
  freespin_count: v.optional(v.nullable(v.number())),
  freespin_stake: v.optional(v.nullable(v.string())),
  /** `betting_free_bet`: the lowest decimal odds of a bet staked with it (`"1.50"`). */
  min_odds: v.optional(v.nullable(v.string())),
  is_active: v.boolean(),
});

/** A decimal amount in whole units (`500`, `5.50`); the currency's decimals are checked on the server. */
const decimal = () => w.text({ max: 16, pattern: /^\d{1,12}(\.\d{1,4})?$/, code: 'wrong_field' });
const hours = () => w.integer({ min: 1, max: 24 * 366 });

export const bonuses = {
  activate: method('bonuses', 'activate', 'POST', 'player', bonusId, ok, 'built'),
  deactivate: method('bonuses', 'deactivate', 'POST', 'player', bonusId, ok, 'built'),
  get: method(
    'bonuses',
    'get',
    'GET',
    'player',
    w.params({
      ...paging,
      fields: fieldsParam,
      /** One status or a comma-joined list of them. */
      status: w.optional(w.list(BONUS_STATUSES)),
    }),
    list(bonus),
    'built',
  ),
  remove: method('bonuses', 'remove', 'POST', 'player', bonusId, ok, 'built'),
  /** Staff only (ours, issue #26): defines a bonus template; the back office adds screens. */
  staffcreatetemplate: staffMethod(
    'bonuses',
    'staffcreatetemplate',
    'POST',
    ['finance'],
    w.params({
      name: w.text({ max: 120 }),
      description: w.optional(w.text({ max: 2000 })),
      kind: w.oneOf(BONUS_KINDS),
      trigger: w.oneOf(BONUS_TRIGGERS),
      code: w.optional(w.text({ max: 32, pattern: /^[A-Za-z0-9_-]+$/ })),
      currency: w.text({ min: 3, max: 3, pattern: /^[A-Z]{3}$/ }),
      min_deposit: w.optional(decimal()),
      amount: w.optional(decimal()),
      percent: w.optional(w.integer({ min: 1, max: 1000 })),
      cap: w.optional(decimal()),
      wagering_multiplier: w.integer({ min: 0, max: 200 }),
      wagering_base: w.optional(w.oneOf(['bonus', 'bonus_deposit'])),
      /** JSON: `{"slots":100,"table":10}` (percent per category, 0 to 100). */
      weights: w.optional(
        w.json(
          v.record(
            v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,32}$/, 'wrong_field')),
            v.pipe(
              v.number('wrong_field'),
              v.integer('wrong_field'),
              v.minValue(0),
              v.maxValue(100),
            ),
          ),
        ),
      ),
      default_weight: w.optional(w.integer({ min: 0, max: 100 })),
      /** Comma-joined game sysnames. */
      excluded_games: w.optional(w.text({ max: 2000, pattern: /^[a-z0-9_,\s-]*$/ })),
      max_bet: w.optional(decimal()),
      activate_hours: hours(),
      wager_hours: hours(),
      /** `free_spins` (issue #26): the game's sysname, the spins and each spin's stake. */
      freespin_game: w.optional(w.text({ max: 100, pattern: /^[a-z0-9_-]+$/ })),
      freespin_count: w.optional(w.integer({ min: 1, max: 1000 })),
      freespin_stake: w.optional(decimal()),
      /** `betting_free_bet`: the lowest decimal odds (1.01 or more, two decimals at most). */
      min_odds: w.optional(
        w.text({ max: 7, pattern: /^\d{1,4}(\.\d{1,2})?$/, code: 'wrong_field' }),
      ),
    }),
    bonusTemplate,
  ),
  stafflisttemplates: staffMethod(
    'bonuses',
    'stafflisttemplates',
    'GET',
    // Content too: offers are made over templates (issue #30's offers screen).
    ['finance', 'support', 'content'],
    w.params({ ...paging }),
    list(bonusTemplate),
  ),
  /** Staff only (ours): grants a template's bonus to a player (goodwill, no-deposit). */
  staffgrant: staffMethod(
    'bonuses',
    'staffgrant',
    'POST',
    ['finance'],
    w.params({ player_id: w.integer({ min: 1 }), template_id: w.integer({ min: 1 }) }),
    v.object({ id: v.number() }),
  ),
};
