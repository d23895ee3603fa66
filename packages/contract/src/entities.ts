import * as v from 'valibot';

/**
 * Entities of spec §3 as they travel in `data`, those used by more than one §7 module. An entity
 * only one module uses lives in that module's file under `modules/`. Money is a decimal string in
 * the currency's number of decimals (`{"amount": "12.50", "currency": "EUR"}`); integer minor
 * units inside.
 */
export const money = v.object({
  amount: v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
});
export type Money = v.InferOutput<typeof money>;

export const currencyRate = v.object({
  code: v.string(),
  symbol: v.string(),
  decimals: v.number(),
  /** Units of this currency for one EUR, as a decimal string. */
  rate: v.string(),
});

export const listOf = <S extends v.GenericSchema>(item: S) =>
  v.object({ items: v.array(item), total: v.number() });

/** §3 "Deposit limit", and (ours) every limit the player set with its pending change. */
export const depositLimitEntry = v.object({
  period: v.picklist(['1', '7', '14', '30']),
  limit_amount: v.string(),
  available_amount: v.string(),
  /** When the current period ends and the limit is whole again. */
  expired_at: v.string(),
  /** An increase or removal waiting for its 24-hour cooling-off: the new amount (null removes). */
  pending: v.nullable(v.object({ limit_amount: v.nullable(v.string()), applies_at: v.string() })),
});

export const depositLimit = v.object({
  available_amount: v.nullable(v.string()),
  can_edit: v.boolean(),
  expired_at: v.nullable(v.string()),
  limit_amount: v.nullable(v.string()),
  period: v.picklist(['none', '1', '7', '14', '30']),
  currency: v.string(),
  limits: v.array(depositLimitEntry),
});
