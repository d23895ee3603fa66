import * as v from 'valibot';
import {
  REALITY_CHECK_INTERVALS,
  type RealityCheckChoice,
} from '@northstar/contract/responsible-limits';
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
export const SESSION_MINUTES = { min: 5, max: 1440 } as const;

/**
 * The reality-check choices (the contract's intervals) and whether each may be chosen: where the
 * player's market imposes reality checks (`required`, the longest interval it allows) neither
 * off nor a longer interval may; the server refuses them too.
 */
export function realityCheckChoices(
  required: number | null | undefined,
): { value: RealityCheckChoice; allowed: boolean }[] {
  return REALITY_CHECK_INTERVALS.map((value) => {
    const minutes = Number(value);
    const allowed = required == null || (minutes > 0 && minutes <= required);
    return { value, allowed };
  });
}

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
