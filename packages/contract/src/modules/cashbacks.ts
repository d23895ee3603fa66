import * as v from 'valibot';
import { listOf, money } from '../entities.ts';
import * as w from '../wire.ts';
import { fieldsParam, method, ok, paging, staffMethod } from './shared.ts';

// §7 `cashbacks`: its methods, and the entities only this module uses (issue #26).

/** §3 Cashback status (active, paid_out) and ours: expired unclaimed, removed by the player. */
export const CASHBACK_STATUSES = ['active', 'paid_out', 'expired', 'removed'] as const;
export const CASHBACK_PERIODS = ['weekly', 'daily'] as const;
export const CASHBACK_PAYOUTS = ['main', 'bonus'] as const;

/** §3 Cashback (id, status, receiving_expired_at, paid_out_at, description, end_date) and ours. */
export const cashback = v.object({
  id: v.number(),
  status: v.picklist(CASHBACK_STATUSES),
  /** ISO instant: after it the cashback can no longer be paid out. */
  receiving_expired_at: v.string(),
  paid_out_at: v.nullable(v.string()),
  description: v.string(),
  /** The period it was computed for (ISO instants; `end_date` exclusive). */
  start_date: v.string(),
  end_date: v.string(),
  amount: money,
  /** Real-money stakes minus wins in the period. */
  net_loss: money,
  /** The percentage it was computed at (the operator's, with the player's level perk). */
  percent: v.string(),
  payout_to: v.picklist(CASHBACK_PAYOUTS),
  /** Bonus payouts: times the amount to wager before it becomes real money. */
  wagering_multiplier: v.number(),
  created_at: v.string(),
});

/** The operator's cashback terms for one currency (staff methods, and the player's page). */
export const cashbackSettings = v.object({
  currency: v.string(),
  percent: v.string(),
  /** The least net loss in a period that earns cashback. */
  min_loss: v.string(),
  /** The most one period's cashback pays; null: no cap. */
  cap: v.nullable(v.string()),
  period: v.picklist(CASHBACK_PERIODS),
  payout_to: v.picklist(CASHBACK_PAYOUTS),
  wagering_multiplier: v.number(),
  /** Hours to claim a cashback once it is computed. */
  claim_hours: v.number(),
  is_active: v.boolean(),
});

/** The current period's running figure (ours: /profile/cashback). */
export const cashbackCurrent = v.nullable(
  v.object({
    settings: cashbackSettings,
    period_start: v.string(),
    period_end: v.string(),
    net_loss: money,
    /**
     * The player's percentage: the terms' plus their loyalty level's perk (`level_percent`,
     * "0" without one), e.g. "12" for terms of "10" at a level with 2 % more.
     */
    percent: v.string(),
    level_percent: v.string(),
    /** What the period would pay if it closed now (0 below the minimum). */
    amount: money,
  }),
);

const decimal = () => w.text({ max: 16, pattern: /^\d{1,12}(\.\d{1,4})?$/, code: 'wrong_field' });
const cashbackId = w.params({ cashback_id: w.integer({ min: 1 }) });

export const cashbacks = {
  get: method(
    'cashbacks',
    'get',
    'GET',
    'player',
    w.params({
      ...paging,
      sort: w.optional(w.oneOf(['id', 'created_at', 'end_date'])),
      order: w.optional(w.oneOf(['asc', 'desc'])),
      /** One status or a comma-joined list of them. */
      statuses: w.optional(w.list(CASHBACK_STATUSES)),
      fields: fieldsParam,
    }),
    // Typed items (the module's `list()` widens them to unknown).
    listOf(cashback),
    'built',
  ),
  /**
   * Pays a cashback out (ours: what became of it). `main`: real money; `bonus`: bonus money, its
   * wagering started; `bonus_waiting`: a bonus the player activates when the bonus wagering now
   * is done (one at a time), `bonus_id` on /profile/bonuses.
   */
  payout: method(
    'cashbacks',
    'payout',
    'POST',
    'player',
    cashbackId,
    v.object({
      paid_to: v.picklist(['main', 'bonus', 'bonus_waiting']),
      bonus_id: v.nullable(v.number()),
    }),
    'built',
  ),
  remove: method('cashbacks', 'remove', 'POST', 'player', cashbackId, ok, 'built'),
  /** Ours (issue #26): the current period's running figure; null when no cashback is offered. */
  getcurrent: method(
    'cashbacks',
    'getcurrent',
    'GET',
    'player',
    w.noParams,
    cashbackCurrent,
    'built',
  ),
  /** Staff only (ours): sets the cashback terms of one currency (the back office adds screens). */
  staffsetsettings: staffMethod(
    'cashbacks',
    'staffsetsettings',
    'POST',
    ['finance'],
    w.params({
      currency: w.text({ min: 3, max: 3, pattern: /^[A-Z]{3}$/ }),
      percent: w.text({ max: 6, pattern: /^\d{1,3}(\.\d{1,2})?$/, code: 'wrong_field' }),
      min_loss: decimal(),
      cap: w.optional(decimal()),
      period: w.oneOf(CASHBACK_PERIODS),
      payout_to: w.oneOf(CASHBACK_PAYOUTS),
      wagering_multiplier: w.optional(w.integer({ min: 0, max: 100 })),
      claim_hours: w.integer({ min: 1, max: 24 * 90 }),
      is_active: w.optional(w.flag()),
    }),
    cashbackSettings,
  ),
  staffgetsettings: staffMethod(
    'cashbacks',
    'staffgetsettings',
    'GET',
    ['finance', 'support'],
    w.noParams,
    v.array(cashbackSettings),
  ),
  /** Staff only (ours): a goodwill cashback for a player, on the currency's terms. */
  staffgrant: staffMethod(
    'cashbacks',
    'staffgrant',
    'POST',
    ['finance'],
    w.params({ player_id: w.integer({ min: 1 }), amount: decimal() }),
    v.object({ id: v.number() }),
  ),
};
