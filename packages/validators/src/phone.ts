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

export interface ParsedPhonePaste<T extends PhoneCountryOption> {
  /** The option the number's prefix names; else the current one. */
  option: T | undefined;
  /** The national part, every digit kept (nothing is cut). */
  digits: string;
  /** The national part in its country's mask (the longest mask when it is too long). */
  masked: string;
  /** More digits than the country's longest mask holds: shown to the player, not dropped. */
  overflow: boolean;
}

function maskSlotCount(mask: string): number {
  return [...mask].filter((char) => char === '#').length;
}

function fillMask(digits: string, mask: string): string {
  let at = 0;
  let out = '';
  for (const char of mask) {
    if (at >= digits.length) break;
    if (char === '#') out += digits[at++];
    else out += char;
  }
  return out + digits.slice(at);
}

/**
 * A pasted phone number (§5 "pastes are parsed against country codes and masks"): everything
 * but digits goes (a leading `+` or `00` marks the international prefix); the option whose
 * `phone_code` starts the number wins (the longest code); a number without a known prefix stays
 * in `current`'s country. The national part is masked with the shortest mask that holds it, and
 * flagged as `overflow` when even the longest is too short: never silently cut.
 */
export function parsePhonePaste<T extends PhoneCountryOption>(
  text: string,
  options: readonly T[],
  current?: T,
): ParsedPhonePaste<T> {
  const trimmed = text.trim();
  let digits = phoneDigits(trimmed);
  if (/^00/.test(digits) && !trimmed.startsWith('+')) digits = digits.slice(2);
  const matched = phoneCountryOption(digits, options);
  const option = matched ?? current;
  const national = matched ? digits.slice(phoneDigits(matched.phone_code).length) : digits;
  const masks =
    option?.mask === undefined ? [] : typeof option.mask === 'string' ? [option.mask] : option.mask;
  const sorted = [...masks].filter(Boolean).sort((a, b) => maskSlotCount(a) - maskSlotCount(b));
  const fitting = sorted.find((mask) => maskSlotCount(mask) >= national.length) ?? sorted.at(-1);
  const longest = sorted.length > 0 ? maskSlotCount(sorted.at(-1)!) : Infinity;
  return {
    option,
    digits: national,
    masked: fitting ? fillMask(national, fitting) : national,
    overflow: national.length > longest,
  };
}
