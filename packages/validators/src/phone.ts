import {
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

export type { CountryCode };

/** A phone country option from the phone settings (§3). */
export interface PhoneCountryOption {
  country_code: string;
  phone_code: string;
  name?: string;
  mask?: string | string[];
}

/** The phone input keeps digits only (§5). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** A login that is a phone number is sent without its leading plus (§5). */
export function stripLeadingPlus(login: string): string {
  return login.trim().replace(/^\+/, '');
}

/**
 * Whether `input` is a valid phone number: international (`+34 612 345 678`, or its digits
 * `34612345678`), or national for `defaultCountry` when given.
 */
export function isValidPhone(input: string, defaultCountry?: CountryCode): boolean {
  const digits = phoneDigits(input);
  if (digits.length < 4 || digits.length > 17) return false;
  if (isValidPhoneNumber(`+${digits}`)) return true;
  return defaultCountry !== undefined && isValidPhoneNumber(digits, defaultCountry);
}

/** The country of an international number, from its prefix (§5 "the country follows the prefix"). */
export function phoneCountry(input: string): CountryCode | undefined {
  const digits = phoneDigits(input);
  return digits === '' ? undefined : parsePhoneNumberFromString(`+${digits}`)?.country;
}

/**
 * The option whose `phone_code` is the longest prefix of the number's digits: how a pasted
 * number picks its country among the site's phone settings.
 */
export function phoneCountryOption<T extends PhoneCountryOption>(
  input: string,
  options: readonly T[],
): T | undefined {
  const digits = phoneDigits(input);
  let best: T | undefined;
  for (const option of options) {
    const code = phoneDigits(option.phone_code);
    if (code !== '' && digits.startsWith(code)) {
      if (!best || code.length > phoneDigits(best.phone_code).length) best = option;
    }
  }
  return best;
}
