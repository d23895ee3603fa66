import { describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import { activationFailure, claimFailure, promoErrorKind } from './promo-errors.ts';

describe('§8 promo errors', () => {
  it('maps the first promo_code code to its message, INVALID when unknown', () => {
    expect(promoErrorKind(['promo_code_used_up', 'promo_code_expired'])).toBe('usedUp');
    expect(promoErrorKind(['promo_code_already_used'])).toBe('alreadyUsed');
    expect(promoErrorKind(['promo_code_new_players_only'])).toBe('newPlayersOnly');
    expect(promoErrorKind(['promo_code_expired'])).toBe('expired');
    expect(promoErrorKind(['promo_code_unavailable'])).toBe('unavailable');
    expect(promoErrorKind(['something_new'])).toBe('invalid');
    expect(promoErrorKind(undefined)).toBe('invalid');
  });

  it('reads a refused activation; an outage is no verdict on the code', () => {
    const refused = new ApiError('InvalidParameter', 'x', {
      invalidParameters: { promo_code: ['promo_code_expired'] },
    });
    expect(activationFailure(refused)).toBe('expired');
    expect(activationFailure(new ApiError('TooManyRequests', 'slow down'))).toBe('tooMany');
    expect(activationFailure(new ApiError('InternalServerError', 'oops'))).toBeNull();
    expect(activationFailure(new TypeError('offline'))).toBeNull();
  });

  it('reads a refused claim', () => {
    const taken = new ApiError('InvalidParameter', 'x', {
      invalidParameters: { offer_id: ['offer_taken'] },
    });
    expect(claimFailure(taken)).toBe('taken');
    const gone = new ApiError('InvalidParameter', 'x', {
      invalidParameters: { offer_id: ['wrong_field'] },
    });
    expect(claimFailure(gone)).toBe('unavailable');
    expect(claimFailure(new Error('offline'))).toBe('other');
  });
});
