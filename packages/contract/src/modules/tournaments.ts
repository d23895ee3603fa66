import * as w from '../wire.ts';
import { anything, fieldsParam, method, ok, paging } from './shared.ts';

// §7 `tournaments`: its methods.

export const tournaments = {
  get: method(
    'tournaments',
    'get',
    'GET',
    'public',
    w.params({
      ...paging,
      ids: w.optional(w.text({ max: 500 })),
      fields: fieldsParam,
      status: w.optional(w.oneOf(['all', 'future', 'active', 'finished'])),
    }),
    anything,
    'planned',
  ),
  participate: method(
    'tournaments',
    'participate',
    'POST',
    'player',
    w.params({ tournament_id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
};
