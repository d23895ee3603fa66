import { useLingui } from '@lingui/react/macro';
import { isApiError } from '@northstar/shell-sdk';
import {
  offendingCharacters,
  PASSWORD_MAX,
  PASSWORD_MIN,
  refusedCode,
  type CodeProblem,
  type PasswordProblem,
} from './security-model.ts';

/** The translated text of each problem a field of this page can show (§5, §8). */
export function useSecurityTexts() {
  const { t } = useLingui();
  const password = (problem: PasswordProblem, value = ''): string => {
    switch (problem) {
      case 'required':
        return t({ id: 'profile.security.error.required', message: 'This field is required' });
      case 'min_length':
        return t({
          id: 'profile.security.error.minLength',
          message: `Use at least ${PASSWORD_MIN} characters`,
        });
      case 'max_length':
        return t({
          id: 'profile.security.error.maxLength',
          message: `Use at most ${PASSWORD_MAX} characters`,
        });
      case 'password': {
        const characters = offendingCharacters(value);
        return t({
          id: 'profile.security.error.passwordCharacters',
          message: `These characters are not allowed: ${characters}`,
        });
      }
      case 'same_as':
        return t({ id: 'profile.security.error.sameAs', message: 'The passwords are not equal' });
      case 'same_as_old':
        return t({
          id: 'profile.security.error.sameAsOld',
          message: 'Choose a password different from the current one',
        });
      case 'wrong_password':
        return t({
          id: 'profile.security.error.wrongPassword',
          message: 'The current password is wrong',
        });
    }
  };
  const code = (problem: CodeProblem): string => {
    switch (problem) {
      case 'required':
        return t({ id: 'profile.security.error.codeRequired', message: 'Enter the code' });
      case 'code':
        return t({
          id: 'profile.security.error.codeLength',
          message: 'The code must contain 6 digits',
        });
      case 'time_expired':
        return t({
          id: 'profile.security.error.codeExpired',
          message: 'This code has expired. Ask for a new one.',
        });
      case 'too_many':
        return t({
          id: 'profile.security.error.tooMany',
          message: 'Too many attempts. Please wait a few minutes and try again.',
        });
      case 'code_invalid':
        return t({
          id: 'profile.security.error.codeInvalid',
          message: 'This code is not right. Check it and try again.',
        });
    }
  };
  const generic = () =>
    t({
      id: 'profile.security.error.generic',
      message: 'Something went wrong. Try again in a moment.',
    });
  const failure = (error: unknown): string => {
    if (isApiError(error) && error.type === 'TooManyRequests') return code('too_many');
    if (!isApiError(error)) {
      return t({
        id: 'profile.security.error.network',
        message: 'We could not reach the site. Check your connection and try again.',
      });
    }
    return generic();
  };
  /** The code field's message for a refused code. */
  const refused = (error: unknown): string =>
    isApiError(error) ? code(refusedCode(error)) : failure(error);
  return { password, code, failure, refused, generic };
}
