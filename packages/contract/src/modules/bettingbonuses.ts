import * as w from '../wire.ts';
import { bonusId, list, method, ok } from './shared.ts';

// §7 `bettingbonuses`: its methods.

export const bettingBonuses = {
  activate: method('bettingbonuses', 'activate', 'POST', 'player', bonusId, ok, 'planned'),
  get: method('bettingbonuses', 'get', 'GET', 'player', w.noParams, list(), 'planned'),
  remove: method('bettingbonuses', 'remove', 'POST', 'player', bonusId, ok, 'planned'),
};
