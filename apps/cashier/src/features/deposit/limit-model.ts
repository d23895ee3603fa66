import { field, sum } from '@northstar/validators';
import type { FieldSchema } from '@northstar/validators';

/** §3 deposit limit periods, in days. */
export const LIMIT_PERIODS = ['1', '7', '14', '30'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** A limit amount: empty (removes the limit) or a §5 sum. */
export function limitAmountField(currency: string): FieldSchema {
  return field(sum({ currency }));
}
