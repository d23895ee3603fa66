import { IDENTITY_LOCKED_FIELDS } from '@northstar/contract';
import { checkDate } from '@northstar/validators';
import { personalDataFields } from '../../lib/reference-data.ts';

/**
 * The `saveProfileInfo` rules the wire schema cannot see (issue #25, §5), checked on the server
 * whatever the settings page did:
 * - each value follows its country's field definition (`account/getPersonalDataFields`): the
 *   definition's pattern (a US ZIP, a Brazilian CPF), a region of that country's list, a
 *   document type of its list;
 * - the birth date is a real day, not before 1900-01-01, of a player at least 18 (§9);
 * - once the player `is_verified`, the fields locked after verification keep their value.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields a verified player may not change: the identity data always, plus the profile form
 * entries the operator marks `lockedAfterVerification` (site config `forms.profile`).
 */
export function lockedAfterVerification(siteConfig: unknown): Set<string> {
  const locked = new Set<string>(IDENTITY_LOCKED_FIELDS);
  const forms = isRecord(siteConfig) && isRecord(siteConfig.forms) ? siteConfig.forms : {};
  const list = Array.isArray(forms.profile) ? forms.profile : [];
  for (const entry of list) {
    if (isRecord(entry) && typeof entry.sysname === 'string' && entry.lockedAfterVerification) {
      locked.add(entry.sysname);
    }
  }
  return locked;
}

/** The last birth date of an adult on `today` (§9: 18), as YYYY-MM-DD. */
export function adultBirthDateMax(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getUTCFullYear() - 18}-${pad(today.getUTCMonth() + 1)}-${pad(today.getUTCDate())}`;
}

/** §5 codes by field for the values that break their country's definitions. */
export function profileValueErrors(
  changes: Readonly<Record<string, string | number | undefined>>,
  country: string,
  today: Date,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const definitions = personalDataFields(country);
  const code = country.toUpperCase();
  for (const [sysname, raw] of Object.entries(changes)) {
    if (raw === undefined || sysname === 'sex' || sysname === 'country_code') continue;
    const value = String(raw);
    const definition = definitions.find((d) => d.sysname === sysname);
    if (sysname === 'birth_date') {
      if (checkDate(value, { min: '1900-01-01', max: adultBirthDateMax(today) }) !== 'ok') {
        errors.birth_date = ['date'];
      }
      continue;
    }
    if (!definition) continue;
    if (definition.type === 'region') {
      const regions = definition.options.regions?.[code] ?? [];
      if (regions.length > 0 && !regions.some((r) => r.value === value)) {
        errors[sysname] = ['wrong_field'];
      }
      continue;
    }
    if (definition.type === 'select' && definition.options.list) {
      if (!definition.options.list.some((o) => o.value === value))
        errors[sysname] = ['wrong_field'];
      continue;
    }
    const pattern = definition.options.regex ?? (sysname === 'postcode' ? '^\\d{1,8}$' : null);
    if (pattern && !new RegExp(pattern, 'u').test(value)) {
      errors[sysname] = [sysname === 'postcode' ? 'postcode' : 'regex'];
    }
  }
  return errors;
}

/**
 * The locked fields a change would alter (same value again is no change), by field, as
 * `invalid_parameters` codes.
 */
export function lockedFieldErrors(
  changes: Readonly<Record<string, string | number | undefined>>,
  current: Readonly<Record<string, string | number | null>>,
  locked: ReadonlySet<string>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [sysname, value] of Object.entries(changes)) {
    if (value === undefined || !locked.has(sysname)) continue;
    const before = current[sysname];
    const same =
      before !== null &&
      before !== undefined &&
      String(before).toUpperCase() === String(value).toUpperCase();
    if (!same) errors[sysname] = ['locked'];
  }
  return errors;
}
