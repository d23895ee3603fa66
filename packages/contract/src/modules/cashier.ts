import * as v from 'valibot';
import { depositLimit, money } from '../entities.ts';
import * as w from '../wire.ts';
import { list, method, ok, paging, staffMethod } from './shared.ts';

// §7 `cashier`: its methods, and the entities only this module uses. Amounts are decimal strings
// in the currency's decimals, as everywhere on the wire (`entities.ts`).

/** §5 sum rule: a whole positive number without a leading zero (at most 9 digits). */
export const SUM_PATTERN = /^[1-9]\d{0,8}$/;
const sum = () => w.text({ max: 9, pattern: SUM_PATTERN, code: 'sum' });

/** What a method asks the player for: nothing, a card, a bank account (IBAN and bank). */
export const requisitesKind = v.picklist(['none', 'card', 'iban']);

export const paymentMethod = v.object({
  sysname: v.string(),
  name: v.string(),
  type: v.picklist(['card', 'bank', 'ewallet']),
  /** The smallest and largest amount in the player's currency (whole units). */
  min: v.string(),
  max: v.string(),
  currencies: v.array(v.string()),
  requisites: requisitesKind,
});

export const depositOffer = v.object({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  /** The smallest deposit the offer needs, in the player's currency. */
  min_deposit: v.string(),
  /** §3 Offers trigger.params.exclude_methods: the methods it does not apply to (issue #26). */
  exclude_methods: v.optional(v.array(v.string())),
});

/** A deposit's status; `expired`: its payment session ended before it was paid (§4). */
export const paymentStatus = v.picklist(['pending', 'success', 'failed', 'cancelled', 'expired']);

/** §3 "Deposit info". */
export const depositInfo = v.object({
  id: v.number(),
  requisites: v.nullable(v.string()),
  method: v.string(),
  type: v.literal('deposit'),
  created_at: v.string(),
  updated_at: v.string(),
  amount: money,
  status: paymentStatus,
  /** The failure's reason code when failed (`card_declined`, `authentication_failed`, …). */
  reason_code: v.nullable(v.string()),
  domain: v.string(),
  /** On a successful deposit: whether it is the player's first that went through (issue #28). */
  first: v.optional(v.boolean()),
});

/** The named stages a withdrawal moves through, each with its time (UKGC: say where it is). */
export const withdrawalStage = v.picklist([
  'requested',
  'in_review',
  'approved',
  'sent',
  'paid',
  'rejected',
  'cancelled',
]);

export const withdrawal = v.object({
  id: v.number(),
  method: v.string(),
  amount: money,
  /** Masked: a card as `424242...4242`, an IBAN as its country and last four. */
  requisites: v.nullable(v.string()),
  stage: withdrawalStage,
  stages: v.array(v.object({ stage: withdrawalStage, at: v.string() })),
  reason_code: v.nullable(v.string()),
  reason_text: v.nullable(v.string()),
  can_cancel: v.boolean(),
  created_at: v.string(),
  updated_at: v.string(),
  /** Staff lists only: whose it is. */
  player_id: v.optional(v.number()),
});

/** One row of the history's four tabs. */
export const historyItem = v.object({
  id: v.number(),
  type: v.picklist(['deposit', 'withdrawal', 'bonuses', 'cashbacks']),
  method: v.nullable(v.string()),
  amount: money,
  status: v.string(),
  created_at: v.string(),
  requisites: v.nullable(v.string()),
});

const historyType = w.oneOf(['deposit', 'withdrawal', 'bonuses', 'cashbacks']);

export const cashier = {
  cancelwithdrawal: method(
    'cashier',
    'cancelwithdrawal',
    'POST',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    ok,
    'built',
  ),
  getbanks: method(
    'cashier',
    'getbanks',
    'GET',
    'player',
    w.noParams,
    list(v.object({ id: v.string(), name: v.string(), country: v.string() })),
    'built',
  ),
  getdepositinfo: method(
    'cashier',
    'getdepositinfo',
    'GET',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    depositInfo,
    'built',
  ),
  getdepositsettings: method(
    'cashier',
    'getdepositsettings',
    'GET',
    'player',
    w.noParams,
    v.object({
      currency: v.string(),
      methods: v.array(paymentMethod),
      /** §3 deposit amount presets per currency. */
      presets: v.array(
        v.object({ currency: v.string(), amount: v.array(v.object({ value: v.number() })) }),
      ),
      offers: v.array(depositOffer),
      /** Methods this market has but cannot take now (their provider is not configured). */
      excluded_methods: v.array(v.string()),
      /** No deposit yet: the page offers to set a deposit limit first. */
      first_deposit: v.boolean(),
      limit: depositLimit,
    }),
    'built',
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
    list(historyItem),
    'built',
  ),
  getwithdrawsettings: method(
    'cashier',
    'getwithdrawsettings',
    'GET',
    'player',
    w.noParams,
    v.object({
      currency: v.string(),
      methods: v.array(paymentMethod),
      /** What may be withdrawn now: the main balance (bonus money cannot be). */
      available: money,
      /** Whether this market lets a player cancel a withdrawal before it is approved. */
      can_cancel: v.boolean(),
      daily_limit: money,
      used_today: money,
    }),
    'built',
  ),
  makedeposit: method(
    'cashier',
    'makedeposit',
    'POST',
    'player',
    w.params({
      method: w.text({ max: 64 }),
      amount: sum(),
      campaign_offer_id: w.optional(w.integer({ min: 1 })),
      requisites: w.optional(w.text({ max: 2000 })),
    }),
    /** The transaction's id and the provider's payment page to send the player to. */
    v.object({ transaction: v.number(), url: v.string() }),
    'built',
  ),
  makewithdrawal: method(
    'cashier',
    'makewithdrawal',
    'POST',
    'player',
    w.params({
      method: w.text({ max: 64 }),
      amount: sum(),
      /** The card number (full or `123456...1234`), or the IBAN. */
      requisites: w.optional(w.text({ max: 64 })),
      /** Bank methods: the bank's id from getbanks. */
      bank: w.optional(w.text({ max: 32 })),
      /**
       * Ours (issue #26, §2 burn-bonuses confirm): '1' when the player accepted that a withdrawal
       * forfeits the active bonus; without it a player with one is refused (`active_bonus`).
       */
      burn_bonuses: w.optional(w.flag()),
    }),
    withdrawal,
    'built',
  ),
  /** Not in §7 (ours): one withdrawal with its stages, for the tracker. */
  getwithdrawal: method(
    'cashier',
    'getwithdrawal',
    'GET',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    withdrawal,
    'built',
  ),
  /** Not in §7 (ours, UKGC RTS 1B): deposits minus withdrawals paid, lifetime and 12 months. */
  getnetdeposits: method(
    'cashier',
    'getnetdeposits',
    'GET',
    'player',
    w.noParams,
    v.object({ lifetime: money, last_12_months: money }),
    'built',
  ),
  /** Staff only (ours): withdrawals waiting for a decision, oldest first. */
  staffgetwithdrawals: staffMethod(
    'cashier',
    'staffgetwithdrawals',
    'GET',
    ['risk', 'finance'],
    w.params({ ...paging, stage: w.optional(w.text({ max: 100 })) }),
    list(withdrawal),
  ),
  staffreviewwithdrawal: staffMethod(
    'cashier',
    'staffreviewwithdrawal',
    'POST',
    ['risk', 'finance'],
    w.params({ id: w.integer({ min: 1 }) }),
    withdrawal,
  ),
  staffapprovewithdrawal: staffMethod(
    'cashier',
    'staffapprovewithdrawal',
    'POST',
    ['risk', 'finance'],
    w.params({ id: w.integer({ min: 1 }) }),
    withdrawal,
  ),
  staffrejectwithdrawal: staffMethod(
    'cashier',
    'staffrejectwithdrawal',
    'POST',
    ['risk', 'finance'],
    w.params({
      id: w.integer({ min: 1 }),
      reason_code: w.oneOf([
        'documents_required',
        'requisites_mismatch',
        'bonus_terms',
        'duplicate_account',
        'other',
      ]),
      reason_text: w.optional(w.text({ max: 500 })),
    }),
    withdrawal,
  ),
};
