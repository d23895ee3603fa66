import * as v from 'valibot';
import * as w from '../wire.ts';
import { anything, fieldsParam, list, method, nullableString } from './shared.ts';

// §7 `campaigns`: its methods.

export const campaigns = {
  activateOffer: method(
    'campaigns',
    'activateOffer',
    'POST',
    'player',
    w.params({ promo_code: w.text({ max: 64 }), fields: fieldsParam }),
    anything,
    'planned',
  ),
  // §4 the registration form's promo field: a valid code answers its canonical form; an unknown,
  // switched-off or expired one answers `null` (§7 "falsy data means not found": a normal
  // answer, not an error).
  checkPromocode: method(
    'campaigns',
    'checkPromocode',
    'POST',
    'public',
    w.params({ promo_code: w.text({ max: 64 }) }),
    v.nullable(v.object({ promo_code: v.string(), description: nullableString })),
    'built',
  ),
  getoffers: method('campaigns', 'getoffers', 'GET', 'public', w.noParams, list(), 'planned'),
  takepromotions: method(
    'campaigns',
    'takepromotions',
    'POST',
    'player',
    w.params({ offer_id: w.integer({ min: 1 }) }),
    anything,
    'planned',
  ),
};
