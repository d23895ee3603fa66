/**
 * Field schemas built from rules, the cross-field and checkbox rules, and the default dictionary
 * of §5 by name (so a form configured from the content service picks its rules by name).
 */
import * as v from 'valibot';
import { encodeMessage } from './messages.ts';
import type { CountryCode } from './phone.ts';
import {
  address,
  allowedCharacters,
  cardHolder,
  cardNumber,
  date,
  email,
  fakename,
  iban,
  maskComplete,
  maxLength,
  maxValue,
  minLength,
  minValue,
  name,
  password,
  phone,
  postcode,
  regex,
  required,
  sum,
  username,
  verificationCode,
  type FieldRule,
} from './rules.ts';
import { stripEmoji } from './text.ts';

/** What a form input holds: a string, a number from a numeric input, or nothing yet. */
export type FieldInput = string | number | null | undefined;

export type FieldSchema = v.GenericSchema<FieldInput, string>;

const fieldInput = v.pipe(
  v.nullish(v.union([v.string(), v.number()]), ''),
  v.transform((value): string => String(value)),
);

/** A text field: trimmed (§5 "Required strings are trimmed"), then checked by `rules` in order. */
export function field(...rules: FieldRule[]): FieldSchema {
  return v.pipe(fieldInput, v.trim(), ...rules);
}

/** A field taken as typed, for passwords, where spaces count. */
export function untrimmedField(...rules: FieldRule[]): FieldSchema {
  return v.pipe(fieldInput, ...rules);
}

/** A text field whose emoji are removed before the rules run (§5). */
export function emojiFreeField(...rules: FieldRule[]): FieldSchema {
  return v.pipe(fieldInput, v.transform(stripEmoji), v.trim(), ...rules);
}

/** A required password field with the §5 password rules. */
export function passwordField(options?: Parameters<typeof password>[0]): FieldSchema {
  return untrimmedField(required(), password(options));
}

/** A checkbox that must be checked (terms, §5 "Truthy checkbox must be checked"). */
export function accepted(): v.GenericSchema<unknown, true> {
  return v.pipe(
    v.unknown(),
    v.check(
      (value) =>
        value === true || value === 'true' || value === '1' || value === 1 || value === 'on',
      encodeMessage('required', { kind: 'checkbox' }),
    ),
    v.transform((): true => true),
  );
}

/** §9 promo minimum 1. */
export const PROMO_CODE_MIN_LENGTH = 1;

/** `min_length` 1 rather than `required`: an empty value fails it, unlike `minLength(1)`. */
const PROMO_CODE_PRESENT: FieldRule = v.rawCheck<string>(({ dataset, addIssue }) => {
  if (!dataset.typed || dataset.value === '') {
    addIssue({ message: encodeMessage('min_length', { min: PROMO_CODE_MIN_LENGTH }) });
  }
});

/**
 * The promo code (§5): trimmed and always locally valid; when the promo toggle is on it needs at
 * least one character.
 */
export function promoCodeField(toggleOn: boolean): FieldSchema {
  return toggleOn ? field(PROMO_CODE_PRESENT) : field();
}

/**
 * same_as: `field` must equal `other` (the repeated password, §5 'passwords not equal'). Goes in
 * the object's pipe; the issue lands on `field`. Valibot runs an object's pipe once its fields
 * pass, unless the form validates with `criteriaMode: 'all'`.
 */
export function sameAs<TInput extends Record<string, unknown>>(
  fieldName: keyof TInput & string,
  other: keyof TInput & string,
): v.RawCheckAction<TInput> {
  const message = encodeMessage(
    'same_as',
    other === 'password' ? { other, kind: 'password' } : { other },
  );
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    if (input[fieldName] === input[other]) return;
    addIssue({
      message,
      path: [{ type: 'object', origin: 'value', input, key: fieldName, value: input[fieldName] }],
    });
  });
}

// ── the dictionary by name ──────────────────────────────────────────────────────────────────

/** Rule parameters as they come from configuration (the content service's validator config). */
export type RuleParams = Readonly<Record<string, unknown>>;

function num(params: RuleParams, key: string): number | undefined {
  const value = params[key];
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function str(params: RuleParams, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function pattern(params: RuleParams, key: string): RegExp | string | undefined {
  const value = params[key];
  return value instanceof RegExp ? value : str(params, key);
}

function strings(params: RuleParams, key: string): string[] {
  const value = params[key];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
}

/**
 * The §5 field rules by their code. `same_as` is not here: it compares two fields, so it is the
 * object-level `sameAs(field, other)`. A rule that needs a parameter which is missing returns
 * null.
 */
export const DEFAULT_DICTIONARY = {
  required: (p: RuleParams = {}) => required({ kind: str(p, 'kind') }),
  email: () => email(),
  min_length: (p: RuleParams = {}) => {
    const min = num(p, 'min');
    return min === undefined ? null : minLength(min);
  },
  max_length: (p: RuleParams = {}) => {
    const max = num(p, 'max');
    return max === undefined ? null : maxLength(max);
  },
  phone: (p: RuleParams = {}) =>
    phone({ defaultCountry: str(p, 'defaultCountry') as CountryCode | undefined }),
  fakename: () => fakename(),
  password: (p: RuleParams = {}) => password({ min: num(p, 'min'), max: num(p, 'max') }),
  name: () => name(),
  address: () => address(),
  iban: () => iban(),
  regex: (p: RuleParams = {}) => {
    const value = pattern(p, 'pattern');
    return value === undefined ? null : regex(value);
  },
  card_number: () => cardNumber(),
  min_value: (p: RuleParams = {}) => {
    const min = num(p, 'min');
    return min === undefined ? null : minValue(min);
  },
  max_value: (p: RuleParams = {}) => {
    const max = num(p, 'max');
    return max === undefined ? null : maxValue(max);
  },
  date: (p: RuleParams = {}) => date({ min: str(p, 'min'), max: str(p, 'max') }),
  verification_code: () => verificationCode(),
  sum: (p: RuleParams = {}) =>
    sum({ min: num(p, 'min'), max: num(p, 'max'), currency: str(p, 'currency') }),
  postcode: (p: RuleParams = {}) => postcode(pattern(p, 'pattern')),
  card_holder: () => cardHolder(),
  username: () => username(),
  allowed_characters: () => allowedCharacters(),
  mask: (p: RuleParams = {}) => {
    const masks = strings(p, 'masks');
    return masks.length === 0 ? null : maskComplete(masks);
  },
} as const satisfies Record<string, (params?: RuleParams) => FieldRule | null>;

export type DictionaryRuleName = keyof typeof DEFAULT_DICTIONARY;

export interface RuleConfig {
  name: string;
  params?: RuleParams;
}

/** The rule named `name` with `params`, or null for an unknown name or a missing parameter. */
export function ruleFromDictionary(name: string, params: RuleParams = {}): FieldRule | null {
  if (!Object.hasOwn(DEFAULT_DICTIONARY, name)) return null;
  return DEFAULT_DICTIONARY[name as DictionaryRuleName](params);
}

/** A field schema from configured rules, skipping the ones that cannot be built. */
export function fieldFromConfig(rules: readonly RuleConfig[]): FieldSchema {
  return field(
    ...rules
      .map((rule) => ruleFromDictionary(rule.name, rule.params))
      .filter((rule): rule is FieldRule => rule !== null),
  );
}
