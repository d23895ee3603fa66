import * as w from '../wire.ts';
import { anything, method } from './shared.ts';

// §7 `leaderboard`: its methods.

export const leaderboard = {
  get: method(
    'leaderboard',
    'get',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1 })) }),
    anything,
    'planned',
  ),
  live: method(
    'leaderboard',
    'live',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1 })) }),
    anything,
    'planned',
  ),
  top: method(
    'leaderboard',
    'top',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1 })) }),
    anything,
    'planned',
  ),
};
