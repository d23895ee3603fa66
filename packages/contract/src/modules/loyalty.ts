import * as v from 'valibot';
import { listOf, money } from '../entities.ts';
import * as w from '../wire.ts';
import { method, nullableString, ok, paging, staffMethod } from './shared.ts';

// §7 `loyalty`: its methods, and the entities only this module uses (issues #23, #27).

export const character = v.object({
  id: v.number(),
  sysname: v.string(),
  name: v.string(),
  image_url: nullableString,
});

/** A level of the programme and its perks (issue #27: from the operator's level table). */
export const loyaltyLevel = v.object({
  level: v.number(),
  name: v.string(),
  points_from: v.number(),
  /** Perks: the cashback percentage the level promises, and its shop discount. */
  cashback_percent: v.number(),
  shop_discount_percent: v.number(),
  image_url: nullableString,
});

/**
 * §3 Loyalty info (id, is_active, points, character, levels, pointsAlias, uid), and ours (issue
 * #27): the player's level, the next one, the points to it and the progress (0–100), and the
 * lifetime points that decide the level (spending in the shop does not lower them).
 */
export const loyaltyInfo = v.object({
  id: v.number(),
  uid: v.number(),
  is_active: v.boolean(),
  points: v.number(),
  character: v.nullable(character),
  levels: v.array(loyaltyLevel),
  pointsAlias: v.string(),
  lifetime_points: v.number(),
  level: loyaltyLevel,
  next_level: v.nullable(loyaltyLevel),
  points_to_next: v.number(),
  progress: v.number(),
});

export const LOYALTY_TRIGGERS = [
  'register',
  'profile',
  'confirm',
  'quest',
  'product',
  'level',
] as const;
export const LOYALTY_REWARD_TYPES = ['points', 'bonus', 'freespins', 'cash'] as const;

/** §3 Loyalty notification: trigger, type (credit or other), title, message, amount, amountType, image. */
export const loyaltyNotification = v.object({
  id: v.number(),
  trigger: v.picklist(LOYALTY_TRIGGERS),
  type: v.picklist(['credit', 'other']),
  title: v.string(),
  message: v.string(),
  amount: nullableString,
  amountType: nullableString,
  image: nullableString,
  created_at: v.string(),
});

/**
 * A programme (a quest, §2 /loyalty/{sysname}), with the signed-in player's progress in its
 * current period (null for a visitor).
 */
export const loyaltyProgram = v.object({
  id: v.number(),
  sysname: v.string(),
  title: v.string(),
  description: v.string(),
  image_url: nullableString,
  /** `rounds`, `stake` (minor units), `deposits`, `profile`, `confirm`. */
  kind: v.string(),
  category: nullableString,
  target: v.number(),
  /** `once` or `week` (from Monday 00:00 UTC). */
  period: v.picklist(['once', 'week']),
  reward: v.object({
    type: v.picklist(LOYALTY_REWARD_TYPES),
    /** Points, spins, or a cash amount; null when the template's amount depends on the player. */
    amount: nullableString,
  }),
  min_level: v.number(),
  starts_at: nullableString,
  ends_at: nullableString,
  progress: v.nullable(
    v.object({
      value: v.number(),
      percent: v.number(),
      completed: v.boolean(),
      /** `paid`, or `not_available` (no reward in the player's currency). */
      reward_status: nullableString,
    }),
  ),
});

/**
 * A product of the shop, with what the signed-in player pays (their level's discount) and whether
 * they may buy it now; for a visitor `price` is the list price and `can_buy` false.
 */
export const loyaltyProduct = v.object({
  id: v.number(),
  sysname: v.string(),
  title: v.string(),
  description: v.string(),
  image_url: nullableString,
  type: v.picklist(['bonus', 'freespins', 'cash']),
  list_price: v.number(),
  price: v.number(),
  /** Spins of a free-spin pack, or the cash / fixed bonus amount; null otherwise. */
  amount: nullableString,
  currency: nullableString,
  min_level: v.number(),
  /** null: the player may buy it; else the refusal buying would meet (packages/errors loyalty.ts). */
  refusal: v.nullable(v.picklist(['insufficient_points', 'product_unavailable', 'level_too_low'])),
  can_buy: v.boolean(),
});

export const loyaltyPurchase = v.object({
  purchase_id: v.number(),
  product_id: v.number(),
  price: v.number(),
  points: v.number(),
  grant: v.object({
    type: v.picklist(['bonus', 'freespins', 'cash']),
    bonus_id: v.nullable(v.number()),
    amount: nullableString,
  }),
});

/** A row of the points history (§2 /profile/loyalty). */
export const loyaltyHistoryEntry = v.object({
  id: v.number(),
  /** `earn` (play), `rollback` (a cancelled stake), `spend` (shop), `reward` (programme). */
  kind: v.string(),
  delta: v.number(),
  balance_after: v.number(),
  created_at: v.string(),
  /** Ours: what the row is about (the product bought, the programme completed); null for play. */
  title: nullableString,
});

/** A quest as the back office lists it (issue #30): what counts, its reward, whether it is on. */
export const staffLoyaltyProgram = v.object({
  id: v.number(),
  sysname: v.string(),
  title: v.string(),
  /** `rounds`, `stake`, `deposits`, `profile`, `confirm`. */
  kind: v.string(),
  category: nullableString,
  /** Rounds, a stake in minor units, or 1. */
  target: v.string(),
  period: v.string(),
  reward: v.object({
    type: v.picklist(['points', 'bonus', 'freespins', 'cash']),
    points: v.nullable(v.number()),
    template_code: nullableString,
    amount: v.nullable(money),
  }),
  min_level: v.number(),
  starts_at: nullableString,
  ends_at: nullableString,
  is_active: v.boolean(),
});

/** A shop product as the back office lists it (issue #30). */
export const staffLoyaltyProduct = v.object({
  id: v.number(),
  sysname: v.string(),
  title: v.string(),
  price_points: v.number(),
  type: v.picklist(['bonus', 'freespins', 'cash']),
  template_code: nullableString,
  amount: v.nullable(money),
  min_level: v.number(),
  is_active: v.boolean(),
});

const switchParams = w.params({
  id: w.integer({ min: 1, max: 2_147_483_647 }),
  is_active: w.flag(),
});

export const loyalty = {
  /**
   * §7 buyproduct (product_id), and ours: `request_id`, a key the client makes per purchase
   * intent, so a repeated request answers the first purchase and spends nothing again.
   */
  buyproduct: method(
    'loyalty',
    'buyproduct',
    'POST',
    'player',
    w.params({
      product_id: w.integer({ min: 1, max: 2_147_483_647 }),
      request_id: w.optional(w.text({ max: 64, pattern: /^[A-Za-z0-9_-]+$/ })),
    }),
    loyaltyPurchase,
    'built',
  ),
  getcharacters: method(
    'loyalty',
    'getcharacters',
    'GET',
    'public',
    w.params({
      offset: w.optional(w.integer({ min: 0 })),
      limit: w.optional(w.integer({ min: 1, max: 100 })),
    }),
    v.object({
      items: v.array(character),
      offset: v.number(),
      limit: v.number(),
      total: v.number(),
    }),
    'built',
  ),
  getinfo: method('loyalty', 'getinfo', 'GET', 'player', w.noParams, loyaltyInfo, 'built'),
  /** Unseen notifications, oldest first; answering them marks them seen (§4: toasts once). */
  getnotifications: method(
    'loyalty',
    'getnotifications',
    'GET',
    'player',
    w.noParams,
    listOf(loyaltyNotification),
    'built',
  ),
  getproducts: method(
    'loyalty',
    'getproducts',
    'GET',
    'public',
    w.noParams,
    listOf(loyaltyProduct),
    'built',
  ),
  setcharacter: method(
    'loyalty',
    'setcharacter',
    'POST',
    'player',
    w.params({ id: w.integer({ min: 1, max: 2_147_483_647 }) }),
    ok,
    'built',
  ),
  getPrograms: method(
    'loyalty',
    'getPrograms',
    'GET',
    'public',
    w.noParams,
    listOf(loyaltyProgram),
    'built',
  ),
  getProgram: method(
    'loyalty',
    'getProgram',
    'GET',
    'public',
    w.params({ sysname: w.text({ max: 128 }) }),
    loyaltyProgram,
    'built',
  ),
  /**
   * Ours (issue #27; §7 names no method for it): the level table with each level's perks, for
   * everyone (getinfo is the player's; a visitor on /loyalty sees the levels too), lowest first.
   */
  getlevels: method(
    'loyalty',
    'getlevels',
    'GET',
    'public',
    w.noParams,
    listOf(loyaltyLevel),
    'built',
  ),
  /**
   * Ours (issue #27; §7 names no method for it): the points history of §2 /profile/loyalty,
   * newest first, `count` a page (default 20).
   */
  gethistory: method(
    'loyalty',
    'gethistory',
    'GET',
    'player',
    w.params({ ...paging }),
    listOf(loyaltyHistoryEntry),
    'built',
  ),
  /**
   * Staff only (ours, issue #30): adds a level or changes one (by its number). The lowest level
   * starts at 0 points and each higher one needs more than the one below (`points_from`).
   */
  staffsavelevel: staffMethod(
    'loyalty',
    'staffsavelevel',
    'POST',
    ['finance'],
    w.params({
      level: w.integer({ min: 1, max: 100 }),
      name: w.text({ max: 60 }),
      points_from: w.integer({ min: 0, max: 1_000_000_000_000 }),
      cashback_percent: w.integer({ min: 0, max: 100 }),
      shop_discount_percent: w.integer({ min: 0, max: 100 }),
    }),
    loyaltyLevel,
  ),
  /** Staff only (ours, issue #30): every quest, switched on or not. */
  stafflistprograms: staffMethod(
    'loyalty',
    'stafflistprograms',
    'GET',
    ['content', 'finance'],
    w.noParams,
    v.array(staffLoyaltyProgram),
  ),
  /** Staff only (ours, issue #30): switches a quest off (players no longer see it) or on. */
  staffsetprogramactive: staffMethod(
    'loyalty',
    'staffsetprogramactive',
    'POST',
    ['content', 'finance'],
    switchParams,
    staffLoyaltyProgram,
  ),
  /** Staff only (ours, issue #30): every shop product, switched on or not. */
  stafflistproducts: staffMethod(
    'loyalty',
    'stafflistproducts',
    'GET',
    ['content', 'finance'],
    w.noParams,
    v.array(staffLoyaltyProduct),
  ),
  /** Staff only (ours, issue #30): switches a shop product off (no longer sold) or on. */
  staffsetproductactive: staffMethod(
    'loyalty',
    'staffsetproductactive',
    'POST',
    ['content', 'finance'],
    switchParams,
    staffLoyaltyProduct,
  ),
};
