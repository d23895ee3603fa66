import * as w from '../wire.ts';
import { anything, list, method, ok, paging } from './shared.ts';

// §7 `cashier`: its methods.

const historyType = w.oneOf(['deposit', 'withdrawal', 'bonuses', 'cashbacks']);
export const cashier = {
  cancelwithdrawal: method(
    'cashier',
    'cancelwithdrawal',
    'POST',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
  getbanks: method('cashier', 'getbanks', 'GET', 'player', w.noParams, anything, 'planned'),
  getdepositinfo: method(
    'cashier',
    'getdepositinfo',
    'GET',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    anything,
    'planned',
  ),
  getdepositsettings: method(
    'cashier',
    'getdepositsettings',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  gethistory: method(
    'cashier',
    'gethistory',
    'GET',
    'player',
    w.params({
      ...paging,
      type: w.optional(historyType),
      statuses: w.optional(w.text({ max: 200 })),
    }),
    list(),
    'planned',
  ),
  getwithdrawsettings: method(
    'cashier',
    'getwithdrawsettings',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  makedeposit: method(
    'cashier',
    'makedeposit',
    'POST',
    'player',
    w.params({
      method: w.text({ max: 64 }),
      amount: w.text({ max: 20, pattern: /^\d+(\.\d{1,2})?$/, code: 'sum' }),
      campaign_offer_id: w.optional(w.integer({ min: 1 })),
      requisites: w.optional(w.text({ max: 2000 })),
    }),
    anything,
    'planned',
  ),
  makewithdrawal: method(
    'cashier',
    'makewithdrawal',
    'POST',
    'player',
    w.params({
      method: w.text({ max: 64 }),
      amount: w.text({ max: 20, pattern: /^\d+(\.\d{1,2})?$/, code: 'sum' }),
      requisites: w.optional(w.text({ max: 2000 })),
    }),
    anything,
    'planned',
  ),
};
