import * as v from 'valibot';

/**
 * Schemas for params as they arrive on the wire: form data and query strings are strings, a typed
 * caller may pass numbers or booleans, and the server converts and checks them. Every message is
 * a field-error code of the §5 dictionary (`required`, `min_length`, …), returned as is in
 * `invalid_parameters` and translated by the form.
 */
export const DEFAULT_MAX_LENGTH = 255;

type Scalar = string | number | boolean;
const scalar = v.union([v.string(), v.number(), v.boolean()], 'wrong_field');
const asString = v.transform<Scalar, string>((value) => String(value));

export function text(
  options: { min?: number; max?: number; pattern?: RegExp; code?: string } = {},
) {
  const { min = 1, max = DEFAULT_MAX_LENGTH, pattern, code = 'wrong_field' } = options;
  return v.pipe(
    scalar,
    asString,
    v.trim(),
    v.minLength(min, min <= 1 ? 'required' : 'min_length'),
    v.maxLength(max, 'max_length'),
    // A NUL is no character of any text we keep (PostgreSQL refuses it in text: a 500).
    v.check((value) => !value.includes('\u0000'), 'wrong_field'),
    v.regex(pattern ?? /^[\s\S]*$/, code),
  );
}

export function integer(options: { min?: number; max?: number } = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
  return v.pipe(
    scalar,
    asString,
    v.trim(),
    v.regex(/^-?\d{1,15}$/, 'wrong_field'),
    v.transform(Number),
    v.minValue(min, 'min_value'),
    v.maxValue(max, 'max_value'),
  );
}

/** `'1'`/`'0'` (or true/false) → boolean. */
export function flag() {
  return v.pipe(
    scalar,
    asString,
    v.picklist(['1', '0', 'true', 'false'], 'wrong_field'),
    v.transform((value) => value === '1' || value === 'true'),
  );
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return v.pipe(scalar, asString, v.picklist(values, 'wrong_field'));
}

/**
 * A comma-joined list (`fields=contacts,document`), each item once; `min` items at least (an
 * empty list is then `required`).
 */
export function list<const T extends readonly [string, ...string[]]>(
  values: T,
  options: { min?: number } = {},
) {
  return v.pipe(
    scalar,
    asString,
    v.maxLength(1000, 'max_length'),
    v.transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ]),
    v.array(v.picklist(values, 'wrong_field'), 'wrong_field'),
    v.check((items) => items.length >= (options.min ?? 0), 'required'),
  );
}

/** A JSON-encoded param (`options` of games/get), checked against its own schema. */
export function json<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.string('wrong_field'),
    v.maxLength(10_000, 'max_length'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: 'wrong_field' });
        return NEVER;
      }
    }),
    schema,
  );
}

/** §5 email: local@domain with one or two dot parts, no whitespace. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+){1,2}$/;
export function email() {
  return text({ max: 254, pattern: EMAIL_PATTERN, code: 'email' });
}

/** §5 password: 6 to 20 characters of an allowed set. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?`~]+$/;
export function password() {
  return v.pipe(
    v.string('wrong_field'),
    v.minLength(1, 'required'),
    v.minLength(6, 'min_length'),
    v.maxLength(20, 'max_length'),
    v.regex(PASSWORD_PATTERN, 'password'),
  );
}

/** §5 verification code: exactly 6 digits. */
export function verificationCode() {
  return v.pipe(scalar, asString, v.trim(), v.minLength(1, 'required'), v.regex(/^\d{6}$/, 'code'));
}

/**
 * Issue #25 the code of a sign-in's second step: 6 digits (sent to a contact, or from the
 * authenticator app) or one of the app's recovery codes (ten letters and digits, a dash allowed).
 */
export function signInCode() {
  return v.pipe(
    scalar,
    asString,
    v.trim(),
    v.minLength(1, 'required'),
    v.regex(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, 'code'),
  );
}

/** A phone number as typed: digits only after stripping spaces, dashes, brackets and a leading plus. */
export function phone() {
  return v.pipe(
    scalar,
    asString,
    v.transform((value) => value.replace(/[\s\-()]/g, '').replace(/^\+/, '')),
    v.minLength(1, 'required'),
    v.regex(/^\d{6,15}$/, 'phone'),
  );
}

export const optional = v.optional;

/** Params of a method: unknown keys are refused, so a misspelt param is an error, not ignored. */
export function params<const E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, 'wrong_field');
}

export const noParams = params({});

/**
 * Valibot issues → `invalid_parameters` (`{ field: ['code'] }`). A missing value is `required`;
 * an unknown key is `unknown_parameter`.
 */
export function invalidParameters(
  issues: readonly v.BaseIssue<unknown>[],
): Record<string, string[]> {
  const result: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of issues) {
    // An item of a list is the list's error: the client sent one value (`status: wrong_field`,
    // not `status.0`).
    const key =
      issue.path
        ?.filter((item) => item.type !== 'array')
        .map((item) => String(item.key))
        .join('.') || '_';
    let code = issue.message;
    if (issue.kind === 'schema' && issue.input === undefined && issue.path) code = 'required';
    // A strict object reports a missing key and an unknown key with the same type; only the
    // unknown one expects `never` (a missing one expects the key's name).
    if (issue.type === 'strict_object' && issue.path && issue.expected === 'never')
      code = 'unknown_parameter';
    if (!/^[a-z_]+$/.test(code)) code = 'wrong_field';
    const codes = Object.hasOwn(result, key) ? result[key]! : (result[key] = []);
    if (!codes.includes(code)) codes.push(code);
  }
  return { ...result };
}
