/**
 * The settings page as data (issue #25, §3, §5): which personal-data fields the form shows and
 * which are locked, the values it starts with, what `saveProfileInfo` receives, where `from`
 * returns the player, and the §4 state of a contact. Pure functions, unit-tested.
 *
 * Choices where the spec is silent (documented here, the one place they live):
 * - The form shows the site config's `forms.profile` (sysnames or `{ sysname,
 *   lockedAfterVerification }`), in that order; an empty list shows every field the country's
 *   definitions make visible except contacts (they have their own panel).
 * - Every shown field is as required as its definition says; nothing more (a player may save a
 *   partly filled profile, and the cashier asks for what it needs: §8 UserNeedProfileData).
 * - Identity data (names, birth date, document, country) is locked once `is_verified`, as the
 *   server enforces (contract `IDENTITY_LOCKED_FIELDS`), plus what the operator marks.
 */
import { profileFormField, type FieldDefinition, type FormField } from '@northstar/validators';
import { routePath, type RouteId } from '@northstar/shell-sdk';
import type { Locale } from '@northstar/i18n/locales';

/** Contract `IDENTITY_LOCKED_FIELDS` (not imported: the contract's schemas stay off the page). */
export const IDENTITY_LOCKED_FIELDS: readonly string[] = [
  'first_name',
  'middle_name',
  'last_name',
  'birth_date',
  'document_type',
  'document_number',
  'country_code',
];

/** Contacts are not personal data here: the contacts panel adds and confirms them. */
const CONTACT_FIELDS = new Set(['email', 'mobile', 'phone', 'login']);

/** What `saveProfileInfo` accepts (packages/contract account.saveProfileInfo). */
export const SAVABLE_FIELDS: ReadonlySet<string> = new Set([
  'first_name',
  'middle_name',
  'last_name',
  'sex',
  'birth_date',
  'document_type',
  'document_number',
  'country_code',
  'region',
  'home_town',
  'address',
  'postcode',
]);

export interface ProfileFormEntry {
  sysname: string;
  lockedAfterVerification: boolean;
}

/** `forms.profile` entries, read leniently (a string or `{ sysname, lockedAfterVerification }`). */
export function profileFormEntries(list: readonly unknown[]): ProfileFormEntry[] {
  return list.flatMap((entry): ProfileFormEntry[] => {
    if (typeof entry === 'string') return [{ sysname: entry, lockedAfterVerification: false }];
    if (typeof entry === 'object' && entry !== null && 'sysname' in entry) {
      const { sysname, lockedAfterVerification } = entry as {
        sysname: unknown;
        lockedAfterVerification?: unknown;
      };
      if (typeof sysname === 'string') {
        return [{ sysname, lockedAfterVerification: lockedAfterVerification === true }];
      }
    }
    return [];
  });
}

/** The personal-data fields of the form, for `country`, in the configured order. */
export function settingsFields(
  entries: readonly ProfileFormEntry[],
  definitions: readonly FieldDefinition[],
  country: string,
): FormField[] {
  const names =
    entries.length > 0
      ? entries.map((e) => e.sysname)
      : definitions.filter((d) => d.params.is_visible).map((d) => d.sysname);
  const fields: FormField[] = [];
  for (const sysname of names) {
    if (CONTACT_FIELDS.has(sysname) || !SAVABLE_FIELDS.has(sysname)) continue;
    const definition = definitions.find((d) => d.sysname === sysname);
    if (!definition || !definition.params.is_visible) continue;
    const built = profileFormField(definition, country, definition.params.is_required);
    if (built) fields.push(built);
  }
  return fields;
}

/** The fields the player may not edit now (none before verification). */
export function lockedFields(
  entries: readonly ProfileFormEntry[],
  isVerified: boolean,
): Set<string> {
  if (!isVerified) return new Set();
  return new Set([
    ...IDENTITY_LOCKED_FIELDS,
    ...entries.filter((e) => e.lockedAfterVerification).map((e) => e.sysname),
  ]);
}

export type ProfileValues = Record<string, string>;

/** The form's starting values from `getprofileinfo` (null is empty, numbers as text). */
export function initialProfileValues(
  fields: readonly FormField[],
  profile: Readonly<Record<string, unknown>>,
): ProfileValues {
  const values: ProfileValues = {};
  for (const f of fields) {
    const value = profile[f.name];
    values[f.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * The `saveProfileInfo` body: the unlocked fields whose value changed, trimmed; an emptied field
 * is not sent (the server keeps a value it has; clearing identity data is not a player's action).
 */
export function profilePayload(
  values: ProfileValues,
  initial: ProfileValues,
  fields: readonly FormField[],
  locked: ReadonlySet<string>,
): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const f of fields) {
    if (locked.has(f.name)) continue;
    const value = (values[f.name] ?? '').trim();
    if (value === '' || value === (initial[f.name] ?? '').trim()) continue;
    payload[f.name] = f.name === 'country_code' ? value.toUpperCase() : value;
  }
  return payload;
}

/** §4 "Country change": what to reset once the new country's fields are in (region, document). */
export function countryResets(fields: readonly FormField[]): ProfileValues {
  const resets: ProfileValues = {};
  for (const name of ['region', 'document_type']) {
    const f = fields.find((candidate) => candidate.name === name);
    if (f) resets[name] = f.options?.[0]?.value ?? '';
  }
  return resets;
}

/**
 * §2 settings `from`: the page a §8 UserNeedProfileData refusal sent the player from (the cashier
 * writes `deposit` or `withdraw`), to go back to once the profile is saved. Only pages of this
 * site, by name: an unknown name returns nowhere.
 */
const FROM_ROUTES: Readonly<Record<string, RouteId>> = {
  deposit: 'cashierDeposit',
  withdraw: 'cashierWithdraw',
  cashier: 'cashier',
  verification: 'profileVerification',
};

export function returnTarget(from: string | null, locale: Locale): string | null {
  if (from === null) return null;
  const route = FROM_ROUTES[from];
  return route ? routePath(route as 'cashier', {}, locale) : null;
}

/** §4 contact confirmation: added (unconfirmed), code sent (waiting for it), confirmed. */
export type ContactState = 'unconfirmed' | 'code_sent' | 'confirmed';

export function contactState(contact: { is_confirmed: boolean }, codeSent: boolean): ContactState {
  if (contact.is_confirmed) return 'confirmed';
  return codeSent ? 'code_sent' : 'unconfirmed';
}
