/**
 * The security page's rules, pure so they are tested without a page. The server checks every one
 * again (packages/contract: `w.password()`, `w.verificationCode()`); these only answer early.
 */

/** §5 / §9 password: required, 6 to 20 characters of the allowed set. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
const PASSWORD_ALLOWED = /^[A-Za-z0-9!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?`~]+$/;

export type PasswordProblem =
  | 'required'
  | 'min_length'
  | 'max_length'
  | 'password'
  | 'same_as'
  | 'same_as_old'
  | 'wrong_password';

export interface PasswordValues {
  old_password: string;
  new_password: string;
  repeat_password: string;
}

/** The first §5 problem of each field of the change-password form (none: an empty object). */
export function passwordFormProblems(
  values: PasswordValues,
): Partial<Record<keyof PasswordValues, PasswordProblem>> {
  const problems: Partial<Record<keyof PasswordValues, PasswordProblem>> = {};
  if (values.old_password === '') problems.old_password = 'required';
  const next = values.new_password;
  if (next === '') problems.new_password = 'required';
  else if (next.length < PASSWORD_MIN) problems.new_password = 'min_length';
  else if (next.length > PASSWORD_MAX) problems.new_password = 'max_length';
  else if (!PASSWORD_ALLOWED.test(next)) problems.new_password = 'password';
  // A serious operator does not let a "change" keep the same password.
  else if (next === values.old_password) problems.new_password = 'same_as_old';
  if (values.repeat_password === '') problems.repeat_password = 'required';
  else if (values.repeat_password !== next) problems.repeat_password = 'same_as';
  return problems;
}

/** The characters of a password outside the allowed set (§5: the message lists them). */
export function offendingCharacters(value: string): string {
  return [...new Set([...value].filter((c) => !PASSWORD_ALLOWED.test(c)))].join(' ');
}

export type CodeProblem = 'required' | 'code' | 'code_invalid' | 'time_expired' | 'too_many';

/** §5 verification code: required, 6 digits. `recovery` also lets a recovery code through. */
export function codeProblem(
  value: string,
  options: { recovery?: boolean } = {},
): CodeProblem | null {
  const code = value.trim();
  if (code === '') return 'required';
  if (/^\d{6}$/.test(code)) return null;
  if (options.recovery && /^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/.test(code)) return null;
  return 'code';
}

/**
 * What a refused code means, from the server's answer: `invalid_parameters.code` when it names
 * one, else the §8 markers of the message ('time expired', 'code invalid'), else too many tries.
 */
export function refusedCode(error: {
  type: string;
  message: string;
  invalidParameters: Readonly<Record<string, readonly string[]>>;
}): CodeProblem {
  if (error.type === 'TooManyRequests') return 'too_many';
  const named = error.invalidParameters.code?.[0];
  if (named === 'time_expired' || /time expired/i.test(error.message)) return 'time_expired';
  if (named === 'code') return 'code';
  return 'code_invalid';
}

/** A base32 key in groups of four, as authenticator apps show it for typing by hand. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
