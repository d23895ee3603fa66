/**
 * The settings forms' §5 rules (valibot and the validators' rules, with the phone library): a
 * separate module the forms load when the player first focuses or sends one, so the page's
 * first screen does not download them (the first profile page's JS budget).
 */
import * as v from 'valibot';
import {
  DEFAULT_MIN_DATE,
  email,
  fakename,
  field,
  phone,
  profileFieldRules,
  required,
  verificationCode,
  type FieldSchema,
  type FormField,
} from '@northstar/validators';
import type { ProfileValues } from './settings-model.ts';

/** The form's valibot schema: each unlocked field's §5 rules (its definition's). */
export function settingsSchema(
  fields: readonly FormField[],
  locked: ReadonlySet<string>,
  today: Date,
  minDate: string = DEFAULT_MIN_DATE,
): v.GenericSchema<ProfileValues, ProfileValues> {
  const entries: Record<string, v.GenericSchema> = {};
  for (const f of fields) {
    if (locked.has(f.name)) continue;
    entries[f.name] = field(...profileFieldRules(f, today, minDate)) as FieldSchema;
  }
  return v.looseObject(entries) as unknown as v.GenericSchema<ProfileValues, ProfileValues>;
}

/** The first §5 message of each failing field (encoded, as `translateMessage` reads it). */
export function fieldErrors(
  schema: v.GenericSchema<ProfileValues, ProfileValues>,
  values: ProfileValues,
): Record<string, string> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** §5 the contact to add: an e-mail ('insert email address', 'wrong email address') or a phone. */
export function contactSchema(kind: 'email' | 'phone'): FieldSchema {
  return kind === 'email'
    ? field(required({ kind: 'email' }), email())
    : field(required({ kind: 'phone' }), phone());
}

/** §5, §9 fake name: at least 4 letters or digits, no spaces or symbols. */
export const fakenameSchema: FieldSchema = field(required(), fakename());

/** §5 verification code: required, exactly 6 digits. */
export const codeSchema: FieldSchema = field(required(), verificationCode());

/** The encoded §5 message of the first failure of `value`, or null when it passes. */
export function firstError(schema: FieldSchema, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'wrong_field');
}
