/**
 * The registration form as data (§3, §4, §5): which fields a registration type shows, their
 * rules, the currency per the currency conditions, what a country change resets, and the payload
 * sent to `auth/register`. Pure functions, so every rule is unit-tested without a browser.
 *
 * Choices where the spec is silent (documented here, the one place they live):
 * - The profile fields a registration form shows are the site config's `forms.registration`
 *   (a list of profile field sysnames); each one's type, options and flags come from
 *   `account/getPersonalDataFields` for the chosen country. A field the country does not define,
 *   or defines as not visible, is left out.
 * - A registration type's `field` names its login contact: `phone` asks for a phone number, any
 *   other value for an e-mail address.
 * - A region field whose country lists no regions is left out (nothing to choose from).
 * - The player must be at least 18 (§9 adults only): the birth date's latest allowed day.
 */
import * as v from 'valibot';
import type { AuthSiteConfig, FormsSiteConfig } from '@northstar/contract';
import {
  accepted,
  configuredMinDate,
  DEFAULT_MIN_DATE,
  field,
  passwordField,
  profileFieldRules,
  profileFormField,
  promoCodeField,
  type FieldDefinition,
  type FieldSchema,
  type FormField,
} from '@northstar/validators';

export type AuthTypeKind = 'form' | 'fast' | 'full' | 'social';

export interface AuthType {
  id: number;
  kind: AuthTypeKind;
  label: string;
  /** The login contact the type asks for. */
  login: 'email' | 'phone';
}

export interface ToggleSetting<T = boolean> {
  isActive: boolean;
  defaultValue: T;
}

export type BettingChoice = 'betting' | 'casino';

export interface RegistrationSettings {
  terms: ToggleSetting;
  notify: ToggleSetting;
  markBetting: ToggleSetting<BettingChoice>;
  showPromocode: boolean;
  showPromoFieldByDefault: boolean;
  showCharacterSelect: boolean;
  confirmEmailPopup: boolean;
}

/** §3 currency conditions: where the currency starts and where a country change takes it. */
export type CurrencyChoice = 'emptyValue' | 'firstValue' | 'selectedValue';

export interface CurrencyConditions {
  /** An empty "choose" option is offered. */
  emptyValue: boolean;
  defaultValue: CurrencyChoice;
  changeCountryValue: CurrencyChoice;
  changeCountryFallbackValue: CurrencyChoice;
}

export interface AuthConfig {
  authTypes: AuthType[];
  settings: RegistrationSettings;
  currencyConditions: CurrencyConditions;
  socialOnly: boolean;
  /** Profile field sysnames the registration form shows (`forms.registration`). */
  profileFields: string[];
  validationStrategy: 'eager' | 'submit';
  /** The forms config's "API validation errors": server code → message key. */
  apiErrors: Record<string, string>;
  /** §5 the earliest date a date field accepts (`validator.minDate`, 1900-01-01 by default). */
  minDate: string;
}

// The field builder is shared with the profile settings form (`@northstar/validators`).
export type { FieldDefinition, FieldKind, FormField, Option } from '@northstar/validators';
export { latestBirthDate } from '@northstar/validators';

/** The site-config sections the auth forms read, typed and defaulted by the platform (§3). */
export interface AuthSiteConfigInput {
  auth: AuthSiteConfig;
  forms: FormsSiteConfig;
  /** `validator.minDate` (§5), read by `configuredMinDate`. */
  validator?: unknown;
}

/**
 * The auth settings of the site config (§3 "auth config", "Registration settings", "Currency
 * conditions") as the forms use them. The platform has already read every value with the
 * contract's schemas and defaults (`/nfx/cms-config`), dropping a registration type of an unknown
 * kind; without any type left, the e-mail form.
 */
export function authConfigOf(siteConfig: AuthSiteConfigInput): AuthConfig {
  const { auth, forms } = siteConfig;
  const types = auth.authTypes.map((t, index): AuthType => ({
    id: t.id ?? index + 1,
    kind: t.__component,
    label: t.label ?? t.__component,
    login: t.field === 'phone' ? 'phone' : 'email',
  }));
  const { registrationSettings: s } = auth;
  const toggle = <T>({ isActive, defaultValue }: ToggleSetting<T>) => ({ isActive, defaultValue });
  return {
    authTypes: types.length > 0 ? types : [{ id: 1, kind: 'form', label: 'Email', login: 'email' }],
    settings: {
      terms: toggle(s.terms),
      notify: toggle(s.notify),
      markBetting: toggle(s.markBetting),
      showPromocode: s.showPromocode,
      showPromoFieldByDefault: s.showPromoFieldByDefault,
      showCharacterSelect: s.showCharacterSelect,
      confirmEmailPopup: s.confirmEmailPopup,
    },
    currencyConditions: {
      emptyValue: auth.currencyConditions.emptyValue,
      defaultValue: auth.currencyConditions.defaultValue,
      changeCountryValue: auth.currencyConditions.changeCountryValue,
      changeCountryFallbackValue: auth.currencyConditions.changeCountryFallbackValue,
    },
    socialOnly: auth.socialOnly,
    profileFields: forms.registration.map((f) => (typeof f === 'string' ? f : f.sysname)),
    validationStrategy: forms.registrationValidationStrategy === 'submit' ? 'submit' : 'eager',
    minDate: configuredMinDate(siteConfig),
    apiErrors: forms.apiValidationErrors,
  };
}

/** The types the tab switcher offers (the social type is the social buttons, not a form). */
export function formTypes(config: AuthConfig): AuthType[] {
  return config.authTypes.filter((type) => type.kind !== 'social');
}

/**
 * The fields of a registration type (§5 "Registration"): the login contact, the password, the
 * currency, then the configured profile fields for `country`. `form` (the e-mail tab) and `fast`
 * ask only for the fields the country's definitions mark required; `full` asks for every field of
 * `forms.registration` the country shows, each one required. (So the e-mail and full tabs differ
 * whenever an optional field is configured.)
 */
export function registrationFields(options: {
  type: AuthType;
  definitions: readonly FieldDefinition[];
  profileFields: readonly string[];
  country: string;
  currencies: readonly string[];
  currencyEmptyOption: boolean;
}): FormField[] {
  const { type, definitions, country } = options;
  const fields: FormField[] = [
    { name: type.login, kind: type.login, required: true },
    { name: 'password', kind: 'password', required: true },
  ];
  if (options.currencies.length > 0) {
    fields.push({
      name: 'currency',
      kind: 'currency',
      // With an empty option offered, the player must still pick one before sending.
      required: true,
      options: options.currencies.map((code) => ({ value: code, label: code })),
    });
  }
  for (const sysname of options.profileFields) {
    const definition = definitions.find((d) => d.sysname === sysname);
    if (!definition || !definition.params.is_visible) continue;
    // The login contact is asked for once.
    if (definition.type === 'phone' && type.login === 'phone') continue;
    // §5: `fast` and the e-mail `form` ask only for the required fields; `full` asks for every
    // configured one and makes it required (see the README's "Registration types").
    if (type.kind !== 'full' && !definition.params.is_required) continue;
    const built = profileFormField(
      definition,
      country,
      type.kind === 'full' || definition.params.is_required,
    );
    if (built) fields.push(built);
  }
  return fields;
}

export interface FormValues {
  [field: string]: string | boolean | undefined;
  terms?: boolean;
  notify?: boolean;
  is_betting?: string;
  character_id?: string;
  promo_toggle?: boolean;
  promo_code?: string;
}

/**
 * The form's valibot schema: each field's §5 rules, the password rules always, terms when
 * active, the promo code when its toggle is on.
 */
export function registrationSchema(
  fields: readonly FormField[],
  options: { termsActive: boolean; promoOn: boolean; today: Date; minDate?: string },
): v.GenericSchema<FormValues, FormValues> {
  const entries: Record<string, v.GenericSchema> = {};
  for (const f of fields) {
    entries[f.name] =
      f.kind === 'password'
        ? passwordField()
        : (field(
            ...profileFieldRules(f, options.today, options.minDate ?? DEFAULT_MIN_DATE),
          ) as FieldSchema);
  }
  if (options.termsActive) entries.terms = accepted();
  entries.promo_code = promoCodeField(options.promoOn);
  return v.looseObject(entries) as unknown as v.GenericSchema<FormValues, FormValues>;
}

/** A currency chosen by a condition: `selected` is the preferred one (if offered). */
export function pickCurrency(
  choice: CurrencyChoice,
  currencies: readonly string[],
  selected: string | null,
): string | null {
  if (choice === 'emptyValue') return '';
  if (choice === 'selectedValue')
    return selected && currencies.includes(selected) ? selected : null;
  return currencies[0] ?? '';
}

/** The currency the form starts with (§3 currency conditions `defaultValue`). */
export function initialCurrency(
  conditions: CurrencyConditions,
  currencies: readonly string[],
  siteDefault: string,
): string {
  return (
    pickCurrency(conditions.defaultValue, currencies, siteDefault) ??
    pickCurrency('firstValue', currencies, null) ??
    ''
  );
}

/** A country's own currency, for `selectedValue` on a country change. */
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  US: 'USD',
  CA: 'CAD',
  BR: 'BRL',
  MX: 'MXN',
  AR: 'ARS',
  GB: 'GBP',
  ES: 'EUR',
  PT: 'EUR',
  DE: 'EUR',
  FR: 'EUR',
  RU: 'RUB',
};

/**
 * §4 "Country change": the fields to reset once the new country's fields are in: the region to
 * its first option, the currency per the currency conditions (`changeCountryValue`, else
 * `changeCountryFallbackValue`), the document type to its first option.
 */
export function countryChangeResets(options: {
  country: string;
  fields: readonly FormField[];
  conditions: CurrencyConditions;
  currencies: readonly string[];
  currentCurrency: string;
}): Record<string, string> {
  const resets: Record<string, string> = {};
  for (const name of ['region', 'document_type']) {
    const f = options.fields.find((candidate) => candidate.name === name);
    if (f) resets[name] = f.options?.[0]?.value ?? '';
  }
  const countryCurrency = COUNTRY_CURRENCY[options.country.toUpperCase()] ?? null;
  const fallback = options.conditions.changeCountryFallbackValue;
  const currency =
    pickCurrency(options.conditions.changeCountryValue, options.currencies, countryCurrency) ??
    (fallback === 'selectedValue'
      ? options.currentCurrency
      : pickCurrency(fallback, options.currencies, null));
  if (currency !== null) resets.currency = currency;
  return resets;
}

export type RegistrationPayload = Record<string, string>;

/**
 * The `auth/register` payload (§3 "Registration payload"): the login (falling back to the
 * e-mail, then the mobile; a phone without its plus), the type's visible fields, currency,
 * locale, notify and is_betting as '1'/'0', the character, the promo code when its toggle is on,
 * terms; empty values and the toggle itself left out; fields the type hides are not sent.
 */
export function registrationPayload(
  values: FormValues,
  fields: readonly FormField[],
  options: {
    locale: string;
    settings: RegistrationSettings;
    phoneCountryCode?: string;
  },
): RegistrationPayload {
  const payload: RegistrationPayload = {};
  const put = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value).trim();
    if (text !== '') payload[key] = text;
  };
  for (const f of fields) {
    const value = values[f.name];
    if (typeof value === 'boolean') continue;
    // The login phone and the profile's mobile are both the payload's `phone` (§3).
    if (f.kind === 'phone') put('phone', value?.replace(/\D/g, ''));
    else if (f.kind === 'password') {
      if (value) payload[f.name] = value; // as typed: spaces count
    } else put(f.name, value);
  }
  put('login', payload.email ?? payload.phone);
  put('locale', options.locale);
  if (payload.phone) put('phone_country_code', options.phoneCountryCode);
  const { settings } = options;
  if (settings.notify.isActive) put('notify', values.notify === true);
  if (settings.markBetting.isActive) put('is_betting', values.is_betting === 'betting');
  if (settings.showCharacterSelect) put('character_id', values.character_id);
  if (settings.terms.isActive) put('terms', values.terms === true);
  if (settings.showPromocode && values.promo_toggle) put('promo_code', values.promo_code);
  return payload;
}

/** The default values of a fresh form (§3 registration settings' defaults). */
export function initialValues(
  fields: readonly FormField[],
  settings: RegistrationSettings,
  seeds: { country: string; currency: string; promoCode: string | null },
): FormValues {
  const values: FormValues = {};
  for (const f of fields) values[f.name] = '';
  if (fields.some((f) => f.name === 'country_code')) values.country_code = seeds.country;
  for (const f of fields) {
    if ((f.kind === 'region' || f.name === 'document_type') && f.options?.[0]) {
      values[f.name] = f.options[0].value;
    }
  }
  values.currency = seeds.currency;
  values.terms = settings.terms.defaultValue;
  values.notify = settings.notify.defaultValue;
  values.is_betting = settings.markBetting.defaultValue;
  values.promo_toggle = settings.showPromoFieldByDefault || seeds.promoCode !== null;
  values.promo_code = seeds.promoCode ?? '';
  return values;
}

/**
 * The payload's `login` is the e-mail or the phone (§3): the server's verdict on it belongs to
 * that field (once, if the field has its own already).
 */
export function loginOnItsField(
  invalid: Readonly<Record<string, string[]>>,
  login: 'email' | 'phone',
): Record<string, string[]> {
  const { login: onLogin, ...rest } = invalid;
  if (!onLogin) return { ...rest };
  return { ...rest, [login]: rest[login] ?? onLogin };
}

/**
 * The names the server's field errors may land on (§5 Timing): the form's own fields, terms and
 * the promo code. Only fields the form shows: the server's `mobile` then reaches the phone
 * field of the phone tab through §5's phone/mobile swap (`serverFieldErrors`), instead of
 * landing on a `mobile` field that tab does not have.
 */
export function serverErrorFields(fields: readonly FormField[]): string[] {
  return [...fields.map((f) => f.name), 'terms', 'promo_code'];
}

/** The promo field's messages (§8 "Promo errors"). */
export type PromoError =
  'invalid' | 'expired' | 'used' | 'usedUp' | 'newPlayersOnly' | 'unavailable';

/** The codes campaigns/activateOffer and auth/register put on `promo_code` (issue #26). */
const PROMO_ERRORS: Readonly<Record<string, PromoError>> = {
  promo_code_invalid: 'invalid',
  promo_code_not_found: 'invalid',
  promo_code_expired: 'expired',
  promo_code_used: 'used',
  promo_code_already_used: 'used',
  promo_code_used_up: 'usedUp',
  promo_code_new_players_only: 'newPlayersOnly',
  promo_code_unavailable: 'unavailable',
};

/** §8: the first `promo_code` error code picks the message, INVALID when it is not a known one. */
export function promoError(codes: readonly string[] | undefined): PromoError {
  return PROMO_ERRORS[codes?.[0] ?? ''] ?? 'invalid';
}
