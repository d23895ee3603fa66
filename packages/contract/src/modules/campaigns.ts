import * as v from 'valibot';
import { listOf, money } from '../entities.ts';
import * as w from '../wire.ts';
import { BONUS_KINDS } from './bonuses.ts';
import { fieldsParam, method, nullableString, ok, paging, staffMethod } from './shared.ts';

// §7 `campaigns`: its methods (issue #26: promo codes with limits, offers).

/** The bonus a code or an offer granted (`available` in the player's bonuses). */
export const grantedBonus = v.object({
  id: v.number(),
  name: v.string(),
  kind: v.picklist(BONUS_KINDS),
  amount: money,
});

/** §3 Offers: id, trigger (action, params.exclude_methods, user_satisfies_params), description, promotions; and its terms. */
export const campaignOffer = v.object({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  trigger: v.object({
    /** `deposit`: taken with a deposit (`campaign_offer_id`); `take`: with `takepromotions`. */
    action: v.picklist(['deposit', 'take']),
    params: v.object({
      exclude_methods: v.array(v.string()),
      user_satisfies_params: v.record(v.string(), v.unknown()),
    }),
  }),
  /** The content backend's promotion slugs that present it. */
  promotions: v.array(v.string()),
  kind: v.picklist(BONUS_KINDS),
  currency: v.string(),
  min_deposit: nullableString,
  amount: nullableString,
  percent: v.nullable(v.number()),
  cap: nullableString,
  wagering_multiplier: v.number(),
  max_bet: nullableString,
  /** A signed-in player has taken it already (`take` offers); false for visitors. */
  taken: v.boolean(),
});

/** What an activated promo code gave (`activateOffer`, and a sign-up's code: `auth/register`). */
export const promoActivation = v.object({
  promo_code: v.string(),
  description: nullableString,
  /** The bonus granted now, or null when the code is a deposit offer (`offer`). */
  bonus: v.nullable(grantedBonus),
  /** The deposit offer the code names: the player's deposit takes it. */
  offer: v.nullable(v.object({ id: v.number(), title: v.string(), min_deposit: v.string() })),
});

/**
 * §4 "any entered promo code is activated" after a sign-up, by the server for every door (the
 * popup, the embedded form, a completed social registration): what became of the code. A refusal
 * (§8 codes, e.g. used up since the field checked it) does not undo the new account.
 */
export const signUpPromo = v.union([
  v.object({ status: v.literal('activated'), activation: promoActivation }),
  v.object({ status: v.literal('refused'), codes: v.array(v.string()) }),
]);

/** §8 "Promo errors": the codes a refused activation carries on `promo_code`. */
export const PROMO_ERROR_CODES = [
  'promo_code_invalid',
  'promo_code_expired',
  'promo_code_used_up',
  'promo_code_already_used',
  'promo_code_new_players_only',
  'promo_code_unavailable',
] as const;

const instant = () =>
  w.text({ max: 40, pattern: /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/ });

/** A promo code as the back office lists it (issue #30): its limits and how often it was used. */
export const staffPromoCode = v.object({
  id: v.number(),
  code: v.string(),
  description: nullableString,
  is_active: v.boolean(),
  valid_from: nullableString,
  valid_until: nullableString,
  /** The bonus template it grants; null: the switched-on template whose own code it is. */
  template_id: v.nullable(v.number()),
  max_uses: v.nullable(v.number()),
  max_uses_per_player: v.number(),
  new_players_only: v.boolean(),
  uses: v.number(),
  created_at: v.string(),
});

/** An offer as the back office lists it (issue #30): the template it is over, its terms of taking. */
export const staffOffer = v.object({
  template_id: v.number(),
  title: v.string(),
  description: v.string(),
  exclude_methods: v.array(v.string()),
  first_deposit: v.boolean(),
  promotions: v.array(v.string()),
  is_active: v.boolean(),
  valid_until: nullableString,
  created_at: v.string(),
});

export const campaigns = {
  // §4/§7: activates a promo code (the registration's after sign-up, the bonuses page's switcher).
  // Refusals are InvalidParameter on `promo_code` with one of PROMO_ERROR_CODES.
  activateOffer: method(
    'campaigns',
    'activateOffer',
    'POST',
    'player',
    w.params({ promo_code: w.text({ max: 64 }), fields: fieldsParam }),
    promoActivation,
    'built',
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
  getoffers: method(
    'campaigns',
    'getoffers',
    'GET',
    'public',
    w.noParams,
    listOf(campaignOffer),
    'built',
  ),
  takepromotions: method(
    'campaigns',
    'takepromotions',
    'POST',
    'player',
    w.params({ offer_id: w.integer({ min: 1 }) }),
    v.object({
      action: v.picklist(['deposit', 'take']),
      offer_id: v.number(),
      bonus: v.nullable(grantedBonus),
    }),
    'built',
  ),
  /** Staff only (ours, issue #26): a promo code and its limits over a bonus template. */
  staffcreatepromocode: staffMethod(
    'campaigns',
    'staffcreatepromocode',
    'POST',
    ['finance'],
    w.params({
      code: w.text({ max: 32, pattern: /^[A-Za-z0-9_-]+$/ }),
      description: w.optional(w.text({ max: 500 })),
      template_id: w.optional(w.integer({ min: 1 })),
      valid_from: w.optional(instant()),
      valid_until: w.optional(instant()),
      max_uses: w.optional(w.integer({ min: 1, max: 10_000_000 })),
      max_uses_per_player: w.optional(w.integer({ min: 1, max: 1000 })),
      new_players_only: w.optional(w.flag()),
    }),
    v.object({ id: v.number(), code: v.string() }),
  ),
  /** Staff only (ours): makes a deposit or offer template an offer, with its trigger params. */
  staffsaveoffer: staffMethod(
    'campaigns',
    'staffsaveoffer',
    'POST',
    ['content', 'finance'],
    w.params({
      template_id: w.integer({ min: 1 }),
      title: w.text({ max: 200 }),
      description: w.optional(w.text({ max: 2000 })),
      /** Comma-joined payment method sysnames. */
      exclude_methods: w.optional(w.text({ max: 1000, pattern: /^[a-z0-9_,\s-]*$/ })),
      /** `user_satisfies_params.first_deposit`: before the first deposit only. */
      first_deposit: w.optional(w.flag()),
      /** Comma-joined promotion slugs. */
      promotions: w.optional(w.text({ max: 1000, pattern: /^[a-z0-9,\s-]*$/ })),
      valid_until: w.optional(instant()),
    }),
    ok,
  ),
  /** Staff only (ours, issue #30): promo codes, newest first; `query` finds part of a code. */
  stafflistpromocodes: staffMethod(
    'campaigns',
    'stafflistpromocodes',
    'GET',
    ['finance', 'support'],
    w.params({
      query: w.optional(w.text({ max: 32, pattern: /^[A-Za-z0-9_-]+$/ })),
      ...paging,
    }),
    v.object({ items: v.array(staffPromoCode), total: v.number() }),
  ),
  /** Staff only (ours, issue #30): switches a promo code off (players can no longer use it) or on. */
  staffsetpromocodeactive: staffMethod(
    'campaigns',
    'staffsetpromocodeactive',
    'POST',
    ['finance'],
    w.params({ id: w.integer({ min: 1, max: 2_147_483_647 }), is_active: w.flag() }),
    staffPromoCode,
  ),
  /** Staff only (ours, issue #30): every offer an operator saved, newest first. */
  stafflistoffers: staffMethod(
    'campaigns',
    'stafflistoffers',
    'GET',
    ['content', 'finance'],
    w.noParams,
    v.array(staffOffer),
  ),
  /** Staff only (ours, issue #30): switches an offer off (players no longer see it) or on. */
  staffsetofferactive: staffMethod(
    'campaigns',
    'staffsetofferactive',
    'POST',
    ['content', 'finance'],
    w.params({ template_id: w.integer({ min: 1, max: 2_147_483_647 }), is_active: w.flag() }),
    staffOffer,
  ),
};
