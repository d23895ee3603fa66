import * as v from 'valibot';
import * as w from '../wire.ts';
import { fieldsParam, list, method } from './shared.ts';

// §7 `freespins`: its methods, and the entities only this module uses.

export const freespinPack = v.object({
  id: v.number(),
  game: v.object({ sysname: v.string() }),
  remaining_count: v.number(),
  status: v.string(),
  /** Not in §3 (ours): the spins the pack had, each spin's stake and its currency. */
  total_count: v.optional(v.number()),
  stake: v.optional(v.string()),
  currency: v.optional(v.string()),
});

export const freespins = {
  get: method(
    'freespins',
    'get',
    'GET',
    'player',
    w.params({
      fields: fieldsParam,
      status: w.optional(w.text({ max: 32 })),
      count: w.optional(w.integer({ min: 1, max: 99 })),
    }),
    list(freespinPack),
    'built',
  ),
};
