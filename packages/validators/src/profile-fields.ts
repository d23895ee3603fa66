/**
 * The profile field builder shared by the registration form (apps/auth) and the profile settings
 * form (apps/profile, issue #25): a §3 "Profile field definition" from
 * `account/getPersonalDataFields` becomes a form field (kind, options for the country, masks,
 * pattern) with its §5 rules. Moved here from the auth remote so both forms build fields alike.
 */
import { date, email, name, phone, regex, required, type FieldRule } from './rules.ts';

/** A profile field definition as `account/getPersonalDataFields` answers it (§3). */
export interface FieldDefinition {
  sysname: string;
  type: string;
  params: { is_required: boolean; is_visible: boolean };
  options?: {
    mask?: string | string[];
    regex?: string;
    list?: { value: string; label: string }[];
    regions?: Record<string, { value: string; label: string }[]>;
  };
}

export interface Option {
  value: string;
  label: string;
}

export type FieldKind =
  | 'email'
  | 'phone'
  | 'password'
  | 'text'
  | 'name'
  | 'date'
  | 'select'
  | 'country'
  | 'region'
  | 'currency';

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  options?: Option[];
  masks?: string[];
  pattern?: string;
}

const NAME_FIELDS = new Set(['first_name', 'middle_name', 'last_name']);

/** The form kind of a definition: names get §5 name rules, the rest follow the type. */
export function profileKind(definition: FieldDefinition): FieldKind {
  if (NAME_FIELDS.has(definition.sysname)) return 'name';
  switch (definition.type) {
    case 'date':
      return 'date';
    case 'select':
      return 'select';
    case 'country_code':
      return 'country';
    case 'region':
      return 'region';
    case 'phone':
      return 'phone';
    case 'password':
      return 'password';
    default:
      return 'text';
  }
}

/**
 * The form field of one definition for `country`, or null when there is nothing to ask (a
 * region list the country does not have). `required` as the caller decides.
 */
export function profileFormField(
  definition: FieldDefinition,
  country: string,
  isRequired: boolean,
): FormField | null {
  const kind = profileKind(definition);
  const listed =
    kind === 'region'
      ? definition.options?.regions?.[country.toUpperCase()]
      : definition.options?.list;
  if (kind === 'region' && (!listed || listed.length === 0)) return null;
  const masks = definition.options?.mask;
  return {
    name: definition.sysname,
    kind,
    required: isRequired,
    ...(listed ? { options: listed } : {}),
    ...(masks ? { masks: typeof masks === 'string' ? [masks] : masks } : {}),
    ...(definition.options?.regex ? { pattern: definition.options.regex } : {}),
  };
}

/** The last birth date of a player who is 18 today (§9 adults only). */
export function latestBirthDate(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear() - 18}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/** A form field's §5 rules: required, then its kind's format, then its definition's pattern. */
export function profileFieldRules(f: FormField, today: Date, minDate: string): FieldRule[] {
  const rules: FieldRule[] = [];
  if (f.required) {
    rules.push(required(f.kind === 'email' || f.kind === 'phone' ? { kind: f.kind } : {}));
  }
  if (f.kind === 'email') rules.push(email());
  if (f.kind === 'phone') rules.push(phone());
  if (f.kind === 'name') rules.push(name());
  // §5 dates: a four-digit year inside a minimum (validator.minDate, 1900-01-01 by default) and
  // a maximum (the last birthday of an adult today).
  if (f.kind === 'date') rules.push(date({ min: minDate, max: latestBirthDate(today) }));
  if (f.pattern && f.kind !== 'name') rules.push(regex(f.pattern));
  return rules;
}
