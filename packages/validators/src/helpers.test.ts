import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { checkDate, formatIsoDate, parseDateInput } from './date.ts';
import {
  isValidPhone,
  phoneCountry,
  phoneCountryOption,
  phoneDigits,
  stripLeadingPlus,
} from './phone.ts';
import { parseAmountInput } from './rules.ts';
import {
  DEFAULT_DICTIONARY,
  emojiFreeField,
  fieldFromConfig,
  ruleFromDictionary,
} from './schema.ts';

describe('dates', () => {
  it.each([
    ['31.12.1990', { year: 1990, month: 12, day: 31 }],
    ['1990-02-03', { year: 1990, month: 2, day: 3 }],
    [' 5-6-2001 ', { year: 2001, month: 6, day: 5 }],
    ['31.04.1990', null],
    ['1.1.990', null],
    ['0.1.1990', null],
  ])('parseDateInput(%j)', (input, expected) => {
    expect(parseDateInput(input)).toEqual(expected);
  });

  it('checks bounds given as dates or strings, the max itself included', () => {
    expect(checkDate('10.10.2010', { max: new Date(2010, 9, 10) })).toBe('ok');
    expect(checkDate('11.10.2010', { max: new Date(2010, 9, 10) })).toBe('after_max');
    expect(checkDate('09.10.2010', { min: '2010-10-10' })).toBe('before_min');
    expect(checkDate('x')).toBe('format');
    expect(formatIsoDate({ year: 990, month: 1, day: 2 })).toBe('0990-01-02');
  });
});

describe('phones', () => {
  it('keeps digits, strips the plus of a login, finds the country', () => {
    expect(phoneDigits('+34 (612) 345-678')).toBe('34612345678');
    expect(stripLeadingPlus(' +34612345678')).toBe('34612345678');
    expect(stripLeadingPlus('player@example.com')).toBe('player@example.com');
    expect(phoneCountry('+34612345678')).toBe('ES');
    expect(phoneCountry('5511912345678')).toBe('BR');
    expect(phoneCountry('')).toBeUndefined();
    expect(isValidPhone('')).toBe(false);
  });

  it('picks the phone option with the longest matching code', () => {
    const options = [
      { country_code: 'US', phone_code: '+1' },
      { country_code: 'DO', phone_code: '+1809' },
      { country_code: 'ES', phone_code: '34' },
    ];
    expect(phoneCountryOption('18095551234', options)?.country_code).toBe('DO');
    expect(phoneCountryOption('+1 212 555 1234', options)?.country_code).toBe('US');
    expect(phoneCountryOption('34612345678', options)?.country_code).toBe('ES');
    expect(phoneCountryOption('44', options)).toBeUndefined();
  });
});

describe('amount input', () => {
  it.each([
    ['1,250.50', 1250.5],
    [' 10 ', 10],
    ['.5', 0.5],
    ['1.2.3', Number.NaN],
    ['', Number.NaN],
    ['1e3', Number.NaN],
  ])('parseAmountInput(%j) → %s', (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });
});

describe('dictionary by name', () => {
  it('builds every rule from configuration', () => {
    for (const name of Object.keys(DEFAULT_DICTIONARY)) {
      const params = { min: 1, max: 5, pattern: '^a', masks: ['##'] };
      expect(ruleFromDictionary(name, params), name).not.toBeNull();
    }
  });

  it('returns null for unknown names and missing parameters', () => {
    expect(ruleFromDictionary('nope')).toBeNull();
    expect(ruleFromDictionary('toString')).toBeNull();
    expect(ruleFromDictionary('min_length')).toBeNull();
    expect(ruleFromDictionary('min_length', { min: 'x' })).toBeNull();
    expect(ruleFromDictionary('regex', {})).toBeNull();
    expect(ruleFromDictionary('mask', { masks: [] })).toBeNull();
  });

  it('builds a field from configured rules, string parameters included', () => {
    const schema = fieldFromConfig([
      { name: 'required' },
      { name: 'min_length', params: { min: '3' } },
      { name: 'unknown' },
    ]);
    expect(v.safeParse(schema, '').issues?.[0]?.message).toBe('required');
    expect(v.safeParse(schema, 'ab').issues?.[0]?.message).toBe('min_length?min=3');
    expect(v.safeParse(schema, ' abc ').output).toBe('abc');
  });

  it('strips emoji before the rules in an emoji-free field', () => {
    expect(v.safeParse(emojiFreeField(), ' Lucky 🍀').output).toBe('Lucky');
  });
});
