import { describe, expect, it } from 'vitest';
import {
  ageOn,
  configuredRegistrationFields,
  registrationProfileErrors,
} from './registration-rules.ts';

const today = new Date(Date.UTC(2026, 10, 24));
const configured = ['country_code', 'region', 'first_name', 'last_name', 'birth_date', 'sex'];

describe('registrationProfileErrors', () => {
  it('asks for every configured field the country requires, not the optional ones', () => {
    expect(registrationProfileErrors({ country_code: 'US' }, { configured, today })).toEqual({
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
    expect(registrationProfileErrors(complete, { configured, today })).toEqual({});
    expect(registrationProfileErrors({ country_code: 'US' }, { configured: [], today })).toEqual(
      {},
    );
  });

  it('refuses an under-18 or impossible birth date', () => {
    const base = { country_code: 'US', region: 'NV', first_name: 'A', last_name: 'B' };
    expect(
      registrationProfileErrors({ ...base, birth_date: '2008-11-25' }, { configured, today }),
    ).toEqual({ birth_date: ['date'] });
    expect(
      registrationProfileErrors({ ...base, birth_date: '2008-11-24' }, { configured, today }),
    ).toEqual({});
    expect(
      registrationProfileErrors({ ...base, birth_date: '1990-02-30' }, { configured, today }),
    ).toEqual({ birth_date: ['date'] });
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
