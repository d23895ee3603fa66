import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeMessage, serverFieldErrors } from '@northstar/validators';
import {
  countryChangeResets,
  formTypes,
  initialCurrency,
  initialValues,
  latestBirthDate,
  loginOnItsField,
  promoError,
  authConfigOf,
  registrationFields,
  registrationPayload,
  registrationSchema,
  serverErrorFields,
  type AuthType,
  type FieldDefinition,
  type FormField,
} from './model.ts';
import { readSiteConfigSections } from '@northstar/contract';

/** The site config as the platform hands it over (read with the contract's schemas). */
const readAuthConfig = (raw: Record<string, unknown>) => authConfigOf(readSiteConfigSections(raw));

const def = (
  sysname: string,
  type: string,
  isRequired: boolean,
  options: FieldDefinition['options'] = {},
): FieldDefinition => ({
  sysname,
  type,
  params: { is_required: isRequired, is_visible: true },
  options,
});

const DEFINITIONS: FieldDefinition[] = [
  def('first_name', 'input', true),
  def('last_name', 'input', true),
  def('birth_date', 'date', true),
  def('sex', 'select', false, { list: [{ value: '1', label: 'male' }] }),
  def('country_code', 'country_code', true, { list: [{ value: 'US', label: 'United States' }] }),
  def('region', 'region', true, {
    regions: {
      US: [
        { value: 'NV', label: 'Nevada' },
        { value: 'NJ', label: 'New Jersey' },
      ],
    },
  }),
  def('mobile', 'phone', false),
  { ...def('home_town', 'input', true), params: { is_required: true, is_visible: false } },
];

const PROFILE = [
  'country_code',
  'region',
  'first_name',
  'birth_date',
  'sex',
  'home_town',
  'mobile',
];
const type = (kind: AuthType['kind'], login: AuthType['login'] = 'email'): AuthType => ({
  id: 1,
  kind,
  label: kind,
  login,
});

function fields(kind: AuthType['kind'], login: AuthType['login'] = 'email', country = 'US') {
  return registrationFields({
    type: type(kind, login),
    definitions: DEFINITIONS,
    profileFields: PROFILE,
    country,
    currencies: ['EUR', 'USD'],
    currencyEmptyOption: false,
  });
}
const names = (list: FormField[]) => list.map((f) => `${f.name}${f.required ? '*' : ''}`);

describe('readAuthConfig', () => {
  it('keeps known registration types, reads flags and falls back to defaults', () => {
    const config = readAuthConfig({
      auth: {
        authTypes: [
          { id: 1, __component: 'form', label: 'Email', field: 'email' },
          { id: 2, __component: 'fast', label: 'Phone', field: 'phone' },
          { id: 3, __component: 'wizard', label: 'Unknown' },
          { id: 4, __component: 'social', label: 'Social' },
        ],
        registrationSettings: { markBetting: { isActive: true, defaultValue: 'casino' } },
        currencyConditions: { defaultValue: 'selectedValue', changeCountryValue: 'nonsense' },
      },
      forms: {
        registration: ['first_name', { sysname: 'sex' }, 7],
        registrationValidationStrategy: 'submit',
      },
    });
    expect(config.authTypes.map((t) => `${t.kind}:${t.login}`)).toEqual([
      'form:email',
      'fast:phone',
      'social:email',
    ]);
    expect(formTypes(config).map((t) => t.kind)).toEqual(['form', 'fast']);
    expect(config.settings.markBetting).toEqual({ isActive: true, defaultValue: 'casino' });
    expect(config.settings.terms).toEqual({ isActive: true, defaultValue: false });
    expect(config.currencyConditions.defaultValue).toBe('selectedValue');
    expect(config.currencyConditions.changeCountryValue).toBe('selectedValue');
    expect(config.profileFields).toEqual(['first_name', 'sex']);
    expect(config.validationStrategy).toBe('submit');
  });

  it('offers the e-mail form when no registration type is configured', () => {
    expect(readAuthConfig({}).authTypes).toEqual([
      { id: 1, kind: 'form', label: 'Email', login: 'email' },
    ]);
  });
});

describe('registrationFields', () => {
  it('form (the e-mail tab): only the required fields; hidden and undefined ones are left out', () => {
    expect(names(fields('form'))).toEqual([
      'email*',
      'password*',
      'currency*',
      'country_code*',
      'region*',
      'first_name*',
      'birth_date*',
    ]);
  });

  it("full asks for every configured field the country shows, each required (not the e-mail tab's)", () => {
    expect(names(fields('full'))).toEqual([
      'email*',
      'password*',
      'currency*',
      'country_code*',
      'region*',
      'first_name*',
      'birth_date*',
      'sex*',
      'mobile*',
    ]);
    expect(names(fields('full'))).not.toEqual(names(fields('form')));
  });

  it('fast leaves out optional fields; full makes them required', () => {
    expect(names(fields('fast', 'phone'))).toEqual([
      'phone*',
      'password*',
      'currency*',
      'country_code*',
      'region*',
      'first_name*',
      'birth_date*',
    ]);
    expect(names(fields('full'))).toContain('sex*');
    expect(names(fields('full'))).toContain('mobile*');
  });

  it('a phone login does not ask for the mobile again; a country without regions has no region', () => {
    expect(names(fields('full', 'phone'))).not.toContain('mobile*');
    expect(names(fields('form', 'email', 'ES'))).not.toContain('region*');
  });
});

describe('registrationSchema', () => {
  const today = new Date(2026, 10, 24);
  const schema = (promoOn = false) =>
    registrationSchema(fields('full'), { termsActive: true, promoOn, today });
  const valid = {
    email: 'new.player@example.com',
    password: 'Secret-123',
    currency: 'EUR',
    country_code: 'US',
    region: 'NV',
    first_name: 'Ana',
    birth_date: '1990-05-01',
    sex: '1',
    mobile: '34612345678',
    terms: true,
  };
  const codes = (values: object, promoOn = false) => {
    const result = v.safeParse(schema(promoOn), values);
    return result.success
      ? {}
      : Object.fromEntries(
          result.issues.map((issue) => [v.getDotPath(issue), decodeMessage(issue.message).code]),
        );
  };

  it('accepts a complete form', () => {
    expect(codes(valid)).toEqual({});
  });

  it('names each failing field with its §5 code', () => {
    expect(
      codes({
        ...valid,
        email: 'not-an-email',
        password: 'ab1',
        first_name: 'Ana2',
        terms: false,
        region: ' ',
      }),
    ).toEqual({
      email: 'email',
      password: 'min_length',
      first_name: 'name',
      terms: 'required',
      region: 'required',
    });
  });

  it('refuses a player younger than 18 and accepts the 18th birthday', () => {
    expect(latestBirthDate(today)).toBe('2008-11-24');
    expect(codes({ ...valid, birth_date: '2008-11-25' })).toEqual({ birth_date: 'date' });
    expect(codes({ ...valid, birth_date: '2008-11-24' })).toEqual({});
  });

  it('refuses a birth date before the minimum (1900-01-01 unless the config says otherwise)', () => {
    expect(codes({ ...valid, birth_date: '1899-12-31' })).toEqual({ birth_date: 'date' });
    expect(codes({ ...valid, birth_date: '1900-01-01' })).toEqual({});
    expect(readAuthConfig({}).minDate).toBe('1900-01-01');
    const config = readAuthConfig({ validator: { minDate: '1920-01-01' } });
    expect(config.minDate).toBe('1920-01-01');
    const later = registrationSchema(fields('full'), {
      termsActive: true,
      promoOn: false,
      today,
      minDate: config.minDate,
    });
    expect(v.safeParse(later, { ...valid, birth_date: '1919-12-31' }).success).toBe(false);
    expect(v.safeParse(later, { ...valid, birth_date: '1920-01-01' }).success).toBe(true);
  });

  it('asks for a promo code only while its toggle is on', () => {
    expect(codes({ ...valid, promo_code: '' })).toEqual({});
    expect(codes({ ...valid, promo_code: '  ' }, true)).toEqual({ promo_code: 'min_length' });
  });
});

describe('currency conditions', () => {
  const conditions = {
    emptyValue: false,
    defaultValue: 'firstValue' as const,
    changeCountryValue: 'selectedValue' as const,
    changeCountryFallbackValue: 'firstValue' as const,
  };

  it('starts on the first, the site default or an empty value', () => {
    expect(initialCurrency(conditions, ['EUR', 'USD'], 'USD')).toBe('EUR');
    expect(
      initialCurrency({ ...conditions, defaultValue: 'selectedValue' }, ['EUR', 'USD'], 'USD'),
    ).toBe('USD');
    expect(
      initialCurrency({ ...conditions, defaultValue: 'emptyValue' }, ['EUR', 'USD'], 'USD'),
    ).toBe('');
  });

  it('a country change resets region, document type and currency per the conditions', () => {
    const list = fields('form', 'email', 'US');
    const withDocument: FormField[] = [
      ...list,
      {
        name: 'document_type',
        kind: 'select',
        required: true,
        options: [{ value: 'dni', label: 'dni' }],
      },
    ];
    expect(
      countryChangeResets({
        country: 'US',
        fields: withDocument,
        conditions,
        currencies: ['EUR', 'USD'],
        currentCurrency: 'EUR',
      }),
    ).toEqual({ region: 'NV', document_type: 'dni', currency: 'USD' });
    // Brazil's real is not offered: the fallback (first) applies.
    expect(
      countryChangeResets({
        country: 'BR',
        fields: list,
        conditions,
        currencies: ['EUR', 'USD'],
        currentCurrency: 'USD',
      }).currency,
    ).toBe('EUR');
    expect(
      countryChangeResets({
        country: 'BR',
        fields: list,
        conditions: { ...conditions, changeCountryFallbackValue: 'selectedValue' },
        currencies: ['EUR', 'USD'],
        currentCurrency: 'USD',
      }).currency,
    ).toBe('USD');
  });
});

describe('registrationPayload', () => {
  const settings = readAuthConfig({
    auth: {
      registrationSettings: {
        notify: { isActive: true, defaultValue: false },
        markBetting: { isActive: true, defaultValue: 'betting' },
        showCharacterSelect: true,
      },
    },
  }).settings;

  it('builds §3: login from the e-mail, flags as 1/0, empty values and the toggle left out', () => {
    const list = fields('form');
    const values = {
      ...initialValues(list, settings, { country: 'US', currency: 'EUR', promoCode: null }),
      email: ' new.player@example.com ',
      password: ' pass word1',
      first_name: 'Ana',
      birth_date: '1990-05-01',
      terms: true,
      notify: false,
      is_betting: 'casino',
      character_id: '2',
      promo_code: 'IGNORED',
    };
    expect(registrationPayload(values, list, { locale: 'es-ES', settings })).toEqual({
      email: 'new.player@example.com',
      login: 'new.player@example.com',
      password: ' pass word1',
      currency: 'EUR',
      country_code: 'US',
      region: 'NV',
      first_name: 'Ana',
      birth_date: '1990-05-01',
      locale: 'es-ES',
      notify: '0',
      is_betting: '0',
      character_id: '2',
      terms: '1',
    });
  });

  it('a phone login is digits only with its country code; the promo code goes when toggled on', () => {
    const list = fields('fast', 'phone');
    const payload = registrationPayload(
      {
        phone: '+34 612-345-678',
        password: 'Secret-123',
        promo_toggle: true,
        promo_code: ' WELCOME100 ',
      },
      list,
      { locale: 'en-US', settings, phoneCountryCode: '34' },
    );
    expect(payload.login).toBe('34612345678');
    expect(payload.phone).toBe('34612345678');
    expect(payload.phone_country_code).toBe('34');
    expect(payload.promo_code).toBe('WELCOME100');
    expect(payload).not.toHaveProperty('promo_toggle');
    expect(payload).not.toHaveProperty('hasPromocode');
    // Fields the fast type hides are never sent, even with a value left in the form.
    expect(
      registrationPayload({ phone: '34612345678', sex: '1' }, list, { locale: 'en-US', settings }),
    ).not.toHaveProperty('sex');
  });
});

describe('server errors on the login', () => {
  it('land on the field the login came from, once', () => {
    expect(loginOnItsField({ login: ['already_exists'] }, 'phone')).toEqual({
      phone: ['already_exists'],
    });
    expect(
      loginOnItsField({ login: ['already_exists'], email: ['already_exists'] }, 'email'),
    ).toEqual({ email: ['already_exists'] });
    expect(loginOnItsField({ terms: ['required'] }, 'email')).toEqual({ terms: ['required'] });
  });
});

describe('server errors on the phone tab (§5 phone and mobile swapped)', () => {
  it('puts invalid_parameters.mobile under the phone field', () => {
    const { fields: onFields, unmatched } = serverFieldErrors(
      { mobile: ['phone'] },
      serverErrorFields(fields('fast', 'phone')),
    );
    expect(onFields).toEqual([{ field: 'phone', code: 'phone', message: 'phone' }]);
    expect(unmatched).toEqual({});
  });

  it('keeps the mobile on its own field where the form has one', () => {
    const { fields: onFields } = serverFieldErrors(
      { phone: ['phone'] },
      serverErrorFields(fields('full')),
    );
    expect(onFields.map((f) => f.field)).toEqual(['mobile']);
  });
});

describe('promo errors (§8)', () => {
  it('the first promo_code code picks the message, INVALID when unknown', () => {
    expect(promoError(['promo_code_expired', 'promo_code_invalid'])).toBe('expired');
    expect(promoError(['promo_code_used'])).toBe('used');
    expect(promoError(['promo_code_invalid'])).toBe('invalid');
    expect(promoError(['promo_code_used_up'])).toBe('usedUp');
    expect(promoError(['promo_code_new_players_only'])).toBe('newPlayersOnly');
    expect(promoError(['something_new'])).toBe('invalid');
    expect(promoError([])).toBe('invalid');
  });
});
