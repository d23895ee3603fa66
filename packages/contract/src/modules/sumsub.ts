import * as v from 'valibot';
import * as w from '../wire.ts';
import { anything, method } from './shared.ts';

// §7 `sumsub`: its methods.

export const sumsub = {
  createApplicant: method(
    'sumsub',
    'createApplicant',
    'POST',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  getAccessToken: method(
    'sumsub',
    'getAccessToken',
    'POST',
    'player',
    w.params({ externalActionId: w.optional(w.text({ max: 128 })) }),
    v.object({ token: v.string() }),
    'planned',
  ),
};
