import { describe, expect, it } from 'vitest';
import { configuredMinDate, DEFAULT_MIN_DATE } from '@northstar/validators';
import {
  ageOn,
  configuredRegistrationFields,
  registrationProfileErrors,
} from './registration-rules.ts';

const today = new Date(Date.UTC(2026, 10, 24));
const configured = ['country_code', 'region', 'first_name', 'last_name', 'birth_date', 'sex'];

describe('registrationProfileErrors', () => {
  it('asks for every configured field the country requires, not the optional ones', () => {
    expect(
      registrationProfileErrors(
        { country_code: 'US' },
        { configured, today, minDate: DEFAULT_MIN_DATE },
      ),
    ).toEqual({
      region: ['required'],
      first_name: ['required'],
      last_name: ['required'],
      birth_date: ['required'],
    });
  });

  it('accepts a complete payload and ignores fields the operator did not configure', () => {
    const complete = {
      country_code: 'US',
      region: 'NV',
      first_name: 'Ana',
      last_name: 'Lopez',
      birth_date: '1990-05-01',
    };
    expect(
      registrationProfileErrors(complete, { configured, today, minDate: DEFAULT_MIN_DATE }),
    ).toEqual({});
    expect(
      registrationProfileErrors(
        { country_code: 'US' },
        { configured: [], today, minDate: DEFAULT_MIN_DATE },
      ),
    ).toEqual({});
  });

  it('refuses an under-18 or impossible birth date', () => {
    const base = { country_code: 'US', region: 'NV', first_name: 'A', last_name: 'B' };
    expect(
      registrationProfileErrors(
        { ...base, birth_date: '2008-11-25' },
        { configured, today, minDate: DEFAULT_MIN_DATE },
      ),
    ).toEqual({ birth_date: ['date'] });
    expect(
      registrationProfileErrors(
        { ...base, birth_date: '2008-11-24' },
        { configured, today, minDate: DEFAULT_MIN_DATE },
      ),
    ).toEqual({});
    expect(
      registrationProfileErrors(
        { ...base, birth_date: '1990-02-30' },
        { configured, today, minDate: DEFAULT_MIN_DATE },
      ),
    ).toEqual({ birth_date: ['date'] });
  });
});

describe("the birth date's lower bound (§5 dates inside a minimum and a maximum)", () => {
  const base = { country_code: 'US', region: 'NV', first_name: 'A', last_name: 'B' };
  const check = (birth_date: string, minDate = DEFAULT_MIN_DATE) =>
    registrationProfileErrors({ ...base, birth_date }, { configured, today, minDate });

  it('refuses 1899-12-31 and accepts 1900-01-01, the default minimum', () => {
    expect(check('1899-12-31')).toEqual({ birth_date: ['date'] });
    expect(check('1900-01-01')).toEqual({});
  });

  it("follows the site config's validator.minDate", () => {
    const minDate = configuredMinDate({ validator: { minDate: '1920-06-01' } });
    expect(minDate).toBe('1920-06-01');
    expect(check('1920-05-31', minDate)).toEqual({ birth_date: ['date'] });
    expect(check('1920-06-01', minDate)).toEqual({});
    // Anything but a real day falls back to the default.
    expect(configuredMinDate({ validator: { minDate: '1920-02-30' } })).toBe(DEFAULT_MIN_DATE);
    expect(configuredMinDate({})).toBe(DEFAULT_MIN_DATE);
  });
});

describe('helpers', () => {
  it('reads the configured fields in both shapes', () => {
    expect(
      configuredRegistrationFields({ forms: { registration: ['sex', { sysname: 'region' }, 3] } }),
    ).toEqual(['sex', 'region']);
    expect(configuredRegistrationFields({})).toEqual([]);
  });

  it('computes an age across the birthday', () => {
    expect(ageOn('2000-11-24', today)).toBe(26);
    expect(ageOn('2000-11-25', today)).toBe(25);
    expect(ageOn('2000-13-01', today)).toBeNull();
  });
});
