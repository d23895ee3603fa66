import * as w from '../wire.ts';
import { fieldsParam, list, method, ok, paging } from './shared.ts';

// §7 `cashbacks`: its methods.

export const cashbacks = {
  get: method(
    'cashbacks',
    'get',
    'GET',
    'player',
    w.params({
      ...paging,
      sort: w.optional(w.text({ max: 32 })),
      order: w.optional(w.oneOf(['asc', 'desc'])),
      statuses: w.optional(w.text({ max: 200 })),
      fields: fieldsParam,
    }),
    list(),
    'planned',
  ),
  payout: method(
    'cashbacks',
    'payout',
    'POST',
    'player',
    w.params({ cashback_id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
  remove: method(
    'cashbacks',
    'remove',
    'POST',
    'player',
    w.params({ cashback_id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
};
