import { describe, expect, it } from 'vitest';
import { lockedAfterVerification, lockedFieldErrors } from './profile-rules.ts';

describe('profile fields locked after verification (issue #25)', () => {
  it('locks identity data always and what the operator marks in forms.profile', () => {
    const locked = lockedAfterVerification({
      forms: {
        profile: ['home_town', { sysname: 'address', lockedAfterVerification: true }, 'postcode'],
      },
    });
    expect(locked.has('first_name')).toBe(true);
    expect(locked.has('document_number')).toBe(true);
    expect(locked.has('address')).toBe(true);
    expect(locked.has('home_town')).toBe(false);
    expect(locked.has('postcode')).toBe(false);
    // An unreadable config locks the identity data only.
    expect([...lockedAfterVerification(null)].sort()).toEqual(
      [...lockedAfterVerification({ forms: { profile: 'x' } })].sort(),
    );
  });

  it('refuses a change of a locked value, not the same value again', () => {
    const locked = new Set(['first_name', 'country_code']);
    expect(
      lockedFieldErrors(
        { first_name: 'Ann', country_code: 'us', home_town: 'Reno' },
        { first_name: 'Ann', country_code: 'US', home_town: 'Vegas' },
        locked,
      ),
    ).toEqual({});
    expect(lockedFieldErrors({ first_name: 'Anna' }, { first_name: 'Ann' }, locked)).toEqual({
      first_name: ['locked'],
    });
  });
});
