import * as w from '../wire.ts';
import { list, method, paging } from './shared.ts';

// §7 `jackpots`: its methods.

export const jackpots = {
  get: method('jackpots', 'get', 'GET', 'public', w.noParams, list(), 'planned'),
  getWinners: method(
    'jackpots',
    'getWinners',
    'GET',
    'public',
    w.params({ ...paging }),
    list(),
    'planned',
  ),
};
