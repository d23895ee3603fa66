import * as v from 'valibot';
import { money } from '../entities.ts';
import * as w from '../wire.ts';
import { bonusId, fieldsParam, list, method, ok, paging } from './shared.ts';

// §7 `bettingbonuses`: the sportsbook's free bets (issues #26, #29).

/** A free bet's lifecycle: available → active → used | expired | removed. */
export const FREE_BET_STATUSES = ['available', 'active', 'used', 'expired', 'removed'] as const;
export const freeBetStatus = v.picklist(FREE_BET_STATUSES);

/** §3 Bonus (id, type betting, status) and the terms a player needs to use the free bet. */
export const bettingBonus = v.object({
  id: v.number(),
  /** §3: betting or casino; this module's bonuses are betting ones. */
  type: v.literal('betting'),
  status: freeBetStatus,
  name: v.string(),
  description: v.string(),
  kind: v.literal('betting_free_bet'),
  /** The free bet's stake: staked whole, on one bet; a win pays the winnings, not the stake. */
  amount: money,
  /** The lowest decimal odds of the bet it is staked on (`"1.50"`). */
  min_odds: v.string(),
  /** ISO instant after which it can no longer be activated nor staked (the page shows it in the player's time zone). */
  expires_at: v.string(),
  activated_at: v.nullable(v.string()),
  created_at: v.string(),
  /** The bet it is in, or was last in: its odds, its state and the winnings paid (won). */
  bet: v.nullable(
    v.object({
      odds: v.string(),
      status: v.picklist(['open', 'won', 'lost', 'void']),
      winnings: v.nullable(money),
    }),
  ),
});

export const bettingBonuses = {
  activate: method('bettingbonuses', 'activate', 'POST', 'player', bonusId, ok, 'built'),
  get: method(
    'bettingbonuses',
    'get',
    'GET',
    'player',
    w.params({
      ...paging,
      fields: fieldsParam,
      /** One status or a comma-joined list of them. */
      status: w.optional(w.list(FREE_BET_STATUSES)),
    }),
    list(bettingBonus),
    'built',
  ),
  remove: method('bettingbonuses', 'remove', 'POST', 'player', bonusId, ok, 'built'),
};
