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
