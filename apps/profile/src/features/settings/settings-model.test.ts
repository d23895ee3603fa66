import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@northstar/validators';
import {
  contactState,
  countryResets,
  initialProfileValues,
  lockedFields,
  profileFormEntries,
  profilePayload,
  returnTarget,
  settingsFields,
} from './settings-model.ts';
import {
  codeSchema,
  contactSchema,
  fakenameSchema,
  fieldErrors,
  firstError,
  settingsSchema,
} from './settings-rules.ts';

const def = (
  sysname: string,
  type: string,
  required: boolean,
  options: FieldDefinition['options'] = {},
): FieldDefinition => ({
  sysname,
  type,
  params: { is_required: required, is_visible: true },
  options,
});

const US = [
  def('first_name', 'input', true),
  def('last_name', 'input', true),
  def('birth_date', 'date', true),
  def('country_code', 'country_code', true, {
    list: [
      { value: 'US', label: 'United States' },
      { value: 'ES', label: 'Spain' },
    ],
  }),
  def('region', 'region', true, { regions: { US: [{ value: 'NV', label: 'Nevada' }] } }),
  def('postcode', 'input', true, { mask: ['#####', '#####-####'], regex: '^\\d{5}(-\\d{4})?$' }),
  def('mobile', 'phone', false),
  def('document_type', 'select', false, { list: [{ value: 'passport', label: 'passport' }] }),
];

const TODAY = new Date('2026-03-02T12:00:00Z');

describe('settings fields (issue #25)', () => {
  it('reads forms.profile entries, plain or with lockedAfterVerification', () => {
    expect(
      profileFormEntries(['first_name', { sysname: 'postcode', lockedAfterVerification: true }, 7]),
    ).toEqual([
      { sysname: 'first_name', lockedAfterVerification: false },
      { sysname: 'postcode', lockedAfterVerification: true },
    ]);
  });

  it("builds the configured fields with the country's definitions; contacts are left out", () => {
    const entries = profileFormEntries(['first_name', 'mobile', 'region', 'postcode', 'nickname']);
    const fields = settingsFields(entries, US, 'US');
    expect(fields.map((f) => f.name)).toEqual(['first_name', 'region', 'postcode']);
    expect(fields[0]).toMatchObject({ kind: 'name', required: true });
    expect(fields[1]).toMatchObject({
      kind: 'region',
      options: [{ value: 'NV', label: 'Nevada' }],
    });
    expect(fields[2]).toMatchObject({ masks: ['#####', '#####-####'] });
    // A country without a region list asks for no region.
    expect(settingsFields(entries, US, 'ES').map((f) => f.name)).toEqual([
      'first_name',
      'postcode',
    ]);
    // No configured list: every visible savable field of the country.
    expect(settingsFields([], US, 'US').map((f) => f.name)).toEqual([
      'first_name',
      'last_name',
      'birth_date',
      'country_code',
      'region',
      'postcode',
      'document_type',
    ]);
  });

  it('locks identity data and the marked fields once verified, nothing before', () => {
    const entries = profileFormEntries([
      'first_name',
      { sysname: 'postcode', lockedAfterVerification: true },
      'home_town',
    ]);
    expect(lockedFields(entries, false).size).toBe(0);
    const locked = lockedFields(entries, true);
    expect(locked.has('first_name')).toBe(true);
    expect(locked.has('birth_date')).toBe(true);
    expect(locked.has('postcode')).toBe(true);
    expect(locked.has('home_town')).toBe(false);
  });
});

describe('settings form rules (§5)', () => {
  const fields = settingsFields([], US, 'US');

  it('checks each unlocked field with its rules; locked ones are not checked', () => {
    const values = {
      first_name: 'J0hn',
      last_name: '',
      birth_date: '2010-01-01',
      country_code: 'US',
      region: 'NV',
      postcode: '123',
      document_type: '',
    };
    const errors = fieldErrors(settingsSchema(fields, new Set(), TODAY), values);
    expect(errors.first_name).toBe('name');
    expect(errors.last_name).toBe('required');
    expect(errors.birth_date).toMatch(/^date/);
    expect(errors.postcode).toBe('regex');
    expect(errors.document_type).toBeUndefined();
    const locked = lockedFields([], true);
    const lockedErrors = fieldErrors(settingsSchema(fields, locked, TODAY), values);
    expect(Object.keys(lockedErrors).sort()).toEqual(['postcode']);
  });

  it('sends only changed, unlocked, non-empty values', () => {
    const initial = initialProfileValues(fields, {
      first_name: 'Ann',
      last_name: null,
      postcode: '89101',
      region: 'NV',
    });
    expect(initial.last_name).toBe('');
    const payload = profilePayload(
      { ...initial, first_name: 'Anna', last_name: ' Lee ', postcode: '89101', country_code: 'us' },
      initial,
      fields,
      new Set(['first_name']),
    );
    expect(payload).toEqual({ last_name: 'Lee', country_code: 'US' });
  });

  it('resets region and document type to the first option on a country change (§4)', () => {
    expect(countryResets(fields)).toEqual({ region: 'NV', document_type: 'passport' });
  });

  it('checks a new contact, a nickname and a code', () => {
    expect(firstError(contactSchema('email'), '')).toBe('required?kind=email');
    expect(firstError(contactSchema('email'), 'ann@@example')).toBe('email');
    expect(firstError(contactSchema('email'), 'ann@example.com')).toBeNull();
    expect(firstError(contactSchema('phone'), '12')).toBe('phone');
    expect(firstError(contactSchema('phone'), '+34 612 345 678')).toBeNull();
    expect(firstError(fakenameSchema, 'abc')).toBe('min_length?min=4');
    expect(firstError(fakenameSchema, 'ab_cd')).toBe('fakename');
    expect(firstError(fakenameSchema, 'Lucky7')).toBeNull();
    expect(firstError(codeSchema, '12345')).toBe('verification_code');
    expect(firstError(codeSchema, '123456')).toBeNull();
  });
});

describe('return, contact state, countdown', () => {
  it('returns to the cashier page a refusal came from, by name only (§2 from)', () => {
    expect(returnTarget('deposit', 'en-US')).toBe('/cashier/deposit');
    expect(returnTarget('withdraw', 'es-ES')).toBe('/es-ES/cashier/withdraw');
    expect(returnTarget('https://evil.example', 'en-US')).toBeNull();
    expect(returnTarget(null, 'en-US')).toBeNull();
  });

  it('follows the §4 confirmation states', () => {
    expect(contactState({ is_confirmed: false }, false)).toBe('unconfirmed');
    expect(contactState({ is_confirmed: false }, true)).toBe('code_sent');
    expect(contactState({ is_confirmed: true }, true)).toBe('confirmed');
  });
});
