import * as w from '../wire.ts';
import { bonusId, fieldsParam, list, method, ok, paging } from './shared.ts';

// §7 `bonuses`: its methods.

export const bonuses = {
  activate: method('bonuses', 'activate', 'POST', 'player', bonusId, ok, 'planned'),
  deactivate: method('bonuses', 'deactivate', 'POST', 'player', bonusId, ok, 'planned'),
  get: method(
    'bonuses',
    'get',
    'GET',
    'player',
    w.params({ ...paging, fields: fieldsParam, status: w.optional(w.text({ max: 64 })) }),
    list(),
    'planned',
  ),
  remove: method('bonuses', 'remove', 'POST', 'player', bonusId, ok, 'planned'),
};
