/**
 * The profile field builder shared by the registration form (apps/auth) and the profile settings
 * form (apps/profile, issue #25): a §3 "Profile field definition" from
 * `account/getPersonalDataFields` becomes a form field (kind, options for the country, masks,
 * pattern); its §5 rules are in profile-field-rules.ts (apart, so a page that only draws the
 * fields does not download the rules and the phone library). Moved here from the auth remote
 * so both forms build fields alike.
 */

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
