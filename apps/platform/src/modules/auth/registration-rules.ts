import { checkDate } from '@northstar/validators';
import { personalDataFields } from '../../lib/reference-data.ts';

/**
 * The registration payload's §5 rules the wire schema cannot see, checked again on the server
 * (the popup checks them on the field first):
 * - each profile field the operator puts on the registration form (site config
 *   `forms.registration`) that the country's definitions mark visible and required must be sent;
 * - the birth date is a real calendar day, not before the minimum date (§5, `validator.minDate`,
 *   1900-01-01 by default) and the player is at least 18 (§9 adults only).
 * Returns `invalid_parameters`-style codes by field.
 */

/** Profile fields `auth/register` accepts (packages/contract/src/modules/auth.ts). */
const REGISTRATION_PROFILE_FIELDS = new Set([
  'first_name',
  'middle_name',
  'last_name',
  'birth_date',
  'sex',
  'country_code',
  'region',
  'home_town',
  'address',
  'postcode',
  'document_type',
  'document_number',
]);

export const MINIMUM_AGE = 18;

/** The sysnames of `forms.registration` (plain names or `{ sysname }` entries). */
export function configuredRegistrationFields(siteConfig: unknown): string[] {
  const forms = (siteConfig as { forms?: { registration?: unknown } } | undefined)?.forms;
  const list = Array.isArray(forms?.registration) ? forms.registration : [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry === 'string') return [entry];
    const sysname = (entry as { sysname?: unknown } | null)?.sysname;
    return typeof sysname === 'string' ? [sysname] : [];
  });
}

/** Whether `iso` (YYYY-MM-DD) is a real day, and the age on `today` of someone born then. */
export function ageOn(iso: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 ||
    (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function registrationProfileErrors(
  params: Readonly<Record<string, unknown>>,
  options: { configured: readonly string[]; today: Date; minDate: string },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const country = typeof params.country_code === 'string' ? params.country_code : undefined;
  const definitions = personalDataFields(country);
  for (const sysname of options.configured) {
    if (!REGISTRATION_PROFILE_FIELDS.has(sysname)) continue;
    const definition = definitions.find((d) => d.sysname === sysname);
    if (!definition || !definition.params.is_visible || !definition.params.is_required) continue;
    // A region list the country does not have cannot be asked for.
    if (
      definition.type === 'region' &&
      !definition.options.regions?.[(country ?? 'US').toUpperCase()]
    ) {
      continue;
    }
    const value = params[sysname];
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '')
    ) {
      errors[sysname] = ['required'];
    }
  }
  if (typeof params.birth_date === 'string') {
    const age = ageOn(params.birth_date, options.today);
    // §5 a date is a four-digit year inside a minimum (validator.minDate, 1900-01-01 by
    // default) and a maximum (the last birthday of an adult today).
    const beforeMin = checkDate(params.birth_date, { min: options.minDate }) === 'before_min';
    if (age === null || age < MINIMUM_AGE || beforeMin) errors.birth_date = ['date'];
  }
  return errors;
}
