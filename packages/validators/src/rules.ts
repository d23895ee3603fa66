/**
 * The field rules of §5 as valibot pipe items over a string.
 *
 * Every rule but `required` passes on an empty (or blank) value, so a field is optional unless
 * `required()` comes first. Each issue's message is an encoded message (`messages.ts`): the
 * field error code and its parameters.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import * as v from 'valibot';
import { isValidCardNumber } from './card.ts';
import { checkDate, type DateBound } from './date.ts';
import { encodeMessage, type FieldErrorCode, type MessageParams } from './messages.ts';
import { isValidPhone, type CountryCode } from './phone.ts';
import { isMaskComplete } from './text.ts';

/** A rule for one string field. */
export type FieldRule = v.GenericPipeItem<string, string>;

/** Returns the encoded message of the first failure, or null. */
type Validate = (value: string) => string | null;

function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** A rule that skips blank values and reports at most one issue. */
export function fieldRule(validate: Validate): FieldRule {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed || isBlank(dataset.value)) return;
    const message = validate(dataset.value);
    if (message !== null) addIssue({ message });
  });
}

function simpleRule(
  code: FieldErrorCode,
  test: (value: string) => boolean,
  params?: MessageParams,
) {
  const message = encodeMessage(code, params);
  return fieldRule((value) => (test(value) ? null : message));
}

function codePoints(value: string): number {
  return [...value].length;
}

/** Characters of `value` outside `allowed` (a one-character pattern), each once, in order. */
export function offendingCharacters(value: string, allowed: RegExp): string {
  const test = new RegExp(allowed.source, allowed.flags.replace(/[gy]/g, ''));
  return [...new Set([...value].filter((char) => !test.test(char)))].join('');
}

function toRegExp(pattern: RegExp | string): RegExp {
  const source = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
  // A global or sticky RegExp keeps lastIndex between test() calls.
  return new RegExp(source.source, source.flags.replace(/[gy]/g, ''));
}

// ── the default dictionary (§5) ─────────────────────────────────────────────────────────────

/**
 * The value, trimmed, is not empty (§5 "Required strings are trimmed"). `kind` selects a
 * field-specific text: `required.phone` 'insert phone number', `required.email`.
 */
export function required(options: { kind?: string } = {}): FieldRule {
  const message = encodeMessage('required', options.kind ? { kind: options.kind } : undefined);
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed || isBlank(dataset.value)) addIssue({ message });
  });
}

/** local@domain with one or two dots in the domain, no whitespace (§5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+){1,2}$/;

export function email(): FieldRule {
  return simpleRule('email', (value) => EMAIL_PATTERN.test(value.trim()));
}

/** At least `min` characters (code points, so an accented letter counts once). */
export function minLength(min: number): FieldRule {
  return simpleRule('min_length', (value) => codePoints(value) >= min, { min });
}

export function maxLength(max: number): FieldRule {
  return simpleRule('max_length', (value) => codePoints(value) <= max, { max });
}

/**
 * A valid phone number (libphonenumber-js): international digits, or national for
 * `defaultCountry`. Use with `required({ kind: 'phone' })`.
 */
export function phone(options: { defaultCountry?: CountryCode } = {}): FieldRule {
  return simpleRule('phone', (value) => isValidPhone(value, options.defaultCountry));
}

/** Fake name (display name): at least 4 letters or digits, nothing else (§5, §9). */
export const FAKENAME_MIN_LENGTH = 4;

export function fakename(): FieldRule {
  return fieldRule((value) => {
    if (!/^[\p{L}\p{N}]+$/u.test(value)) return encodeMessage('fakename');
    if (codePoints(value) < FAKENAME_MIN_LENGTH) {
      return encodeMessage('min_length', { min: FAKENAME_MIN_LENGTH });
    }
    return null;
  });
}

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
/** Printable ASCII without the space: letters, digits and the usual symbols. */
export const PASSWORD_ALLOWED_CHARACTER = /[\x21-\x7E]/;

/**
 * Password (§5, §9): 6 to 20 characters from the allowed set. Offending characters come first,
 * listed in the message (`password?chars=…`), then the length.
 */
export function password(
  options: { min?: number; max?: number; allowed?: RegExp } = {},
): FieldRule {
  const min = options.min ?? PASSWORD_MIN_LENGTH;
  const max = options.max ?? PASSWORD_MAX_LENGTH;
  const allowed = options.allowed ?? PASSWORD_ALLOWED_CHARACTER;
  return fieldRule((value) => {
    const chars = offendingCharacters(value, allowed);
    if (chars !== '') return encodeMessage('password', { chars });
    if (codePoints(value) < min) return encodeMessage('min_length', { min });
    if (codePoints(value) > max) return encodeMessage('max_length', { max });
    return null;
  });
}

/** §5 Name: no digits and none of @ _ " ! ? # $ % ^ & * ( ) { } [ ] | / \ < > ~ § + : ; ` */
export const NAME_FORBIDDEN = /[\p{Nd}@_"!?#$%^&*(){}[\]|/\\<>~§+:;`]/u;
/** §5 Address: as a name, but digits, | and / are allowed. */
export const ADDRESS_FORBIDDEN = /[@_"!?#$%^&*(){}[\]\\<>~§+:;`]/u;

export function name(): FieldRule {
  return simpleRule('name', (value) => !NAME_FORBIDDEN.test(value));
}

export function address(): FieldRule {
  return simpleRule('address', (value) => !ADDRESS_FORBIDDEN.test(value));
}

/** Country structure and mod-97 checksum (ibantools); spaces and lower case are fine. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(electronicFormatIBAN(value) ?? '');
}

/** The §5 IBAN rule (`isValidIban`) as a field rule. */
export function iban(): FieldRule {
  return simpleRule('iban', isValidIban);
}

/** The value matches `pattern` (a field's pattern from its options, §5). */
export function regex(pattern: RegExp | string): FieldRule {
  const test = toRegExp(pattern);
  return simpleRule('regex', (value) => test.test(value));
}

/** Luhn, or a saved card's masked form `123456...1234`, or the literal `new` (§5). */
export function cardNumber(): FieldRule {
  return simpleRule('card_number', isValidCardNumber);
}

/** Reads an amount typed with thousands commas (`1,250.50`); NaN when it is not a number. */
export function parseAmountInput(value: string): number {
  const text = value.trim().replace(/,/g, '');
  return /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** At least `min`, thousands commas stripped; passes when empty (§5). */
export function minValue(min: number): FieldRule {
  return simpleRule('min_value', (value) => parseAmountInput(value) >= min, { min });
}

export function maxValue(max: number): FieldRule {
  return simpleRule('max_value', (value) => parseAmountInput(value) <= max, { max });
}

/**
 * A date: `DD.MM.YYYY` (separators . , ' -) or `YYYY-MM-DD`, four-digit year, not before `min`
 * and not after `max` (§5). A range failure carries the bound that was crossed.
 */
export function date(bounds: { min?: DateBound; max?: DateBound } = {}): FieldRule {
  const bound = (b: DateBound) => (typeof b === 'string' ? b : isoDay(b));
  return fieldRule((value) => {
    const result = checkDate(value, bounds);
    if (result === 'ok') return null;
    if (result === 'before_min' && bounds.min !== undefined) {
      return encodeMessage('date', { min: bound(bounds.min) });
    }
    if (result === 'after_max' && bounds.max !== undefined) {
      return encodeMessage('date', { max: bound(bounds.max) });
    }
    return encodeMessage('date');
  });
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ── further rules of §5 ─────────────────────────────────────────────────────────────────────

export const VERIFICATION_CODE_LENGTH = 6;

/** Digits only, exactly 6 (§5, §9). */
export function verificationCode(): FieldRule {
  return simpleRule('verification_code', (value) => /^\d{6}$/.test(value.trim()));
}

/**
 * A deposit or withdrawal sum (§5): a whole positive number without a leading zero ('sum',
 * shown as 'wrong field'), within `min` and `max` ('sum_range' with min, max and currency, so
 * the UI formats the bounds in the currency).
 */
export function sum(options: { min?: number; max?: number; currency?: string } = {}): FieldRule {
  const params: MessageParams = {};
  if (options.min !== undefined) params.min = options.min;
  if (options.max !== undefined) params.max = options.max;
  if (options.currency !== undefined) params.currency = options.currency;
  return fieldRule((input) => {
    const value = input.trim();
    if (!/^[1-9]\d*$/.test(value)) return encodeMessage('sum');
    const amount = Number(value);
    const low = options.min !== undefined && amount < options.min;
    const high = options.max !== undefined && amount > options.max;
    return low || high ? encodeMessage('sum_range', params) : null;
  });
}

export const DEFAULT_POSTCODE_PATTERN = /^\d{1,8}$/;

/** Up to 8 digits by default, or a custom pattern (§5, §9). */
export function postcode(pattern: RegExp | string = DEFAULT_POSTCODE_PATTERN): FieldRule {
  const test = toRegExp(pattern);
  return simpleRule('postcode', (value) => test.test(value.trim()));
}

/** Card holder: letters, spaces, . ' - (§5). */
export function cardHolder(): FieldRule {
  return simpleRule('card_holder', (value) => /^[\p{L}\s.'-]+$/u.test(value));
}

/** Username-like values: no spaces, quotes, dashes or most punctuation (§5). */
export const USERNAME_FORBIDDEN = /[\s'"`‘’“”«»\-‐–—,;:!?()[\]{}<>\\/|#$%^&*=~§]/u;

export function username(): FieldRule {
  return simpleRule('username', (value) => !USERNAME_FORBIDDEN.test(value));
}

/** Latin, Cyrillic and Latvian letters, digits, spaces and punctuation (§5). */
export const ALLOWED_CHARACTER =
  /[A-Za-z\u0400-\u04FFĀāČčĒēĢģĪīĶķĻļŅņŠšŪūŽž\p{Nd}\s\p{P}$+<=>^`|~]/u;

export function allowedCharacters(allowed: RegExp = ALLOWED_CHARACTER): FieldRule {
  return fieldRule((value) => {
    const chars = offendingCharacters(value, allowed);
    return chars === '' ? null : encodeMessage('allowed_characters', { chars });
  });
}

/** A masked input is complete when its length reaches a mask's length (§5). */
export function maskComplete(masks: string | readonly string[]): FieldRule {
  return simpleRule('mask', (value) => isMaskComplete(value, masks));
}

/** §5 Custom: a regex when the field has one, else non-empty. */
export function custom(pattern?: RegExp | string | null): FieldRule {
  return pattern ? regex(pattern) : required();
}
