import { useLingui } from '@lingui/react/macro';
import { isApiError, useShellNavigation } from '@northstar/shell-sdk';
import { parseTwoFactorMessage } from '@northstar/errors/two-factor';
import { FIELD_ERROR_CODES, messagesFor, translateMessage } from '@northstar/validators';

const DICTIONARY_CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

/**
 * A field error in the page's language (§5 "every form shows a translated message on the
 * field"): a §5 dictionary message (encoded, from the validators or the server's
 * `invalid_parameters`) through the validators' translated dictionaries, and the server's own
 * codes (`locked`, `already_exists`, `wrong_field`, the §8 code markers) through this app's
 * catalog.
 */
export function useFieldMessage(): (message: string) => string {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  return (message) => {
    const code = message.split('?')[0] ?? message;
    if (DICTIONARY_CODES.has(code)) return translateMessage(message, messagesFor(locale));
    switch (code) {
      case 'locked':
        return t({
          id: 'profile.error.locked',
          message: 'Verified details cannot be changed. Contact support to correct them.',
        });
      case 'already_exists':
        return t({ id: 'profile.error.taken', message: 'This is already taken.' });
      case 'code_invalid':
        return t({ id: 'profile.error.codeInvalid', message: 'This code is not valid.' });
      case 'code_expired':
        return t({
          id: 'profile.error.codeExpired',
          message: 'This code has expired. Send a new one.',
        });
      default:
        return t({ id: 'profile.error.wrongField', message: 'Check this value.' });
    }
  };
}

/** The server's field errors of a failed call, by field (first code of each). */
export function serverFieldCodes(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const fields: Record<string, string> = {};
  for (const [name, codes] of Object.entries(error.invalidParameters)) {
    if (codes[0]) fields[name] = codes[0];
  }
  return fields;
}

/** §8 a code refusal on the code field: the markers' own codes, else the server's field code. */
export function codeFieldError(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const marker = parseTwoFactorMessage(error.message)?.marker;
  if (marker === 'timeExpired') return 'code_expired';
  if (marker === 'codeInvalid') return 'code_invalid';
  if (marker === 'codeLength') return 'verification_code';
  return error.invalidParameters.code?.[0] ?? null;
}

/** A generic, translated line for a failure that has no field (network, rate limit, …). */
export function useProblemText(): (error: unknown) => string {
  const { t } = useLingui();
  return (error) => {
    if (isApiError(error)) {
      if (error.type === 'TooManyRequests') {
        return t({
          id: 'profile.problem.tooMany',
          message: 'Too many attempts. Please wait a moment and try again.',
        });
      }
      if (error.errorData.reason === 'self_excluded') {
        return t({
          id: 'profile.problem.selfExcluded',
          message: 'Marketing stays off while you are self-excluded.',
        });
      }
      if (error.type === 'InvalidRequest' && /currency/i.test(error.message)) {
        return t({
          id: 'profile.problem.currencyFixed',
          message: 'The currency cannot change after your first transaction.',
        });
      }
    }
    return t({
      id: 'profile.problem.generic',
      message: 'Something went wrong. Please try again.',
    });
  };
}
