import * as w from '../wire.ts';
import { anything, fieldsParam, list, method } from './shared.ts';

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
  checkPromocode: method(
    'campaigns',
    'checkPromocode',
    'POST',
    'public',
    w.params({ promo_code: w.text({ max: 64 }) }),
    anything,
    'planned',
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
