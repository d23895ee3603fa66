import * as v from 'valibot';
import { isApiError } from '@northstar/shell-sdk';
import {
  field,
  maxValue,
  minValue,
  regex,
  required,
  serverFieldErrors,
  sum,
  untrimmedField,
  type FieldSchema,
} from '@northstar/validators';

/**
 * The responsible-gaming forms' own checks (issue #25), before the server's: the same rules the
 * contract applies, so a player sees the field message at once. Pure, tested without a page.
 */
export const LIMIT_PERIODS = ['1', '7', '14', '30'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const REALITY_CHECK_INTERVALS = ['0', '15', '30', '60'] as const;
export const TIME_OUT_PERIODS = ['24h', '7d', '6w'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
/** §3 self-exclusion periods. */
export const SELF_EXCLUSION_PERIODS = [
  '1d',
  '7d',
  '30d',
  '3m',
  '6m',
  '9m',
  '1y',
  '2y',
  '3y',
  '4y',
  '5y',
  'permanent',
] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
export const SESSION_MINUTES = { min: 5, max: 1440 } as const;

/** A limit amount: empty (removes the limit, when there is one) or a §5 sum. */
export function limitAmountField(currency: string): FieldSchema {
  return field(sum({ currency }));
}

/** Session minutes: empty (removes it) or a whole number from 5 to 1440. */
export function sessionMinutesField(): FieldSchema {
  return field(regex(/^\d*$/), minValue(SESSION_MINUTES.min), maxValue(SESSION_MINUTES.max));
}

export function passwordConfirmField(): FieldSchema {
  return untrimmedField(required());
}

/** The encoded §5 message of the first failure of `value`, or null when it passes. */
export function fieldError(schema: FieldSchema, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'wrong_field');
}

export interface FormFailure {
  /** Field name → encoded message (or `wrong_password`, which the page words itself). */
  fields: Record<string, string>;
  /** Nothing a field can show: the page shows a general notice. */
  general: boolean;
}

/** What a failed call means for a form of `fieldNames`. */
export function readFailure(error: unknown, fieldNames: readonly string[]): FormFailure {
  if (!isApiError(error)) return { fields: {}, general: true };
  const { fields, unmatched } = serverFieldErrors(error.invalidParameters, fieldNames);
  const mapped: Record<string, string> = {};
  for (const item of fields) {
    mapped[item.field] = item.code === 'wrong_password' ? 'wrong_password' : item.message;
  }
  return { fields: mapped, general: fields.length === 0 || Object.keys(unmatched).length > 0 };
}
