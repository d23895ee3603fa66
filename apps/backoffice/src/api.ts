import { createApiClient } from '@northstar/api-client';
import { ApiError } from '@northstar/errors';

/**
 * The back office's one door to the platform: the typed client of packages/contract (every call
 * checked against the same schemas the server validates with), on this origin, with the marker
 * header on state-changing calls. The back-office session is its own HttpOnly cookie; nothing
 * here reads or stores it.
 */
export const api = createApiClient({ version: '2.34', locale: () => 'en-US' });

export { ApiError };

/** English texts of the §5 field-error codes the platform answers in `invalid_parameters`. */
const FIELD_MESSAGES: Record<string, string> = {
  required: 'Required.',
  min_length: 'Too short.',
  max_length: 'Too long.',
  min_value: 'Too small.',
  max_value: 'Too large.',
  wrong_field: 'Not valid.',
  code: 'Enter the 6-digit code from your app, or a recovery code.',
  code_invalid: 'That code is not right, or was already used. Wait for the next code.',
  email: 'Not an e-mail address.',
  date: 'Not a date.',
  already_exists: 'Already exists.',
};

/** The message to show on a field for an API error, if it names that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const codes = error.invalidParameters[field];
  if (!codes?.length) return undefined;
  return FIELD_MESSAGES[codes[0]!] ?? 'Not valid.';
}

/** A sentence for an error that names no field (shown above the form or in the table). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.type === 'AccessDenied') return 'Your role may not do this.';
    if (error.type === 'TooManyRequests') return 'Too many attempts. Wait a few minutes.';
    return error.message;
  }
  return 'The platform did not answer. Check your connection and try again.';
}
