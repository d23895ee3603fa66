import * as v from 'valibot';
import * as w from '../wire.ts';
import { list, method, paging } from './shared.ts';

// §7 `jackpots`: its methods, and the entities only this module uses (not shown in §3: ours).

/** A jackpot's pool in one currency; `amount` a decimal string as money is on the wire. */
export const jackpot = v.object({
  id: v.number(),
  sysname: v.string(),
  name: v.string(),
  currency: v.string(),
  amount: v.string(),
  games_count: v.number(),
});

/** A jackpot won: the winner's nickname masked (first two letters), as lobbies show them. */
export const jackpotWinner = v.object({
  jackpot: v.object({ sysname: v.string(), name: v.string() }),
  player: v.string(),
  game: v.object({ sysname: v.string(), name: v.string() }),
  amount: v.string(),
  currency: v.string(),
  won_at: v.string(),
});

export const jackpots = {
  get: method(
    'jackpots',
    'get',
    'GET',
    'public',
    w.params({ currency: w.optional(w.text({ max: 3 })) }),
    list(jackpot),
    'built',
  ),
  getWinners: method(
    'jackpots',
    'getWinners',
    'GET',
    'public',
    // `jackpot` (ours): one jackpot's wins, by its sysname.
    w.params({ ...paging, jackpot: w.optional(w.text({ max: 128 })) }),
    list(jackpotWinner),
    'built',
  ),
};
