import * as v from 'valibot';
import { field } from './schema.ts';
import type { FieldRule } from './rules.ts';

/**
 * The encoded message of the first issue when `value` runs through `rules` in a text field, or
 * null when it passes. Test helper.
 */
export function firstMessage(value: string | number | null | undefined, ...rules: FieldRule[]) {
  const result = v.safeParse(field(...rules), value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}
