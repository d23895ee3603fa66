import { describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import { FILL_FOR_DEPOSIT, settingsParams } from '@northstar/shell-sdk/query-params';
import { requirementTarget } from './requirements.ts';

describe('requirementTarget (§8 UserNeedProfileData, UserNeedConfirmContact)', () => {
  it('sends missing profile data to the settings page with from and the toast type', () => {
    const error = new ApiError('UserNeedProfileData', 'x', { errorData: { fields: ['address'] } });
    expect(requirementTarget(error, 'withdraw', 'en-US')).toBe(
      '/profile/settings?from=withdraw&toastType=fill_for_deposit',
    );
    expect(requirementTarget(error, 'deposit', 'es-ES')).toBe(
      '/es-ES/profile/settings?from=deposit&toastType=fill_for_deposit',
    );
  });

  it('is read by the settings route as the shell reads it', () => {
    const target = requirementTarget(new ApiError('UserNeedProfileData', 'x'), 'deposit', 'en-US')!;
    expect(settingsParams(target.slice(target.indexOf('?')))).toEqual({
      from: 'deposit',
      toastType: FILL_FOR_DEPOSIT,
    });
  });

  it('sends an unconfirmed contact to the confirmation page, and leaves other failures', () => {
    expect(
      requirementTarget(new ApiError('UserNeedConfirmContact', 'x'), 'withdraw', 'pt-BR'),
    ).toBe('/pt-BR/confirmation?from=withdraw');
    expect(requirementTarget(new ApiError('WithdrawalDeclined', 'x'), 'withdraw', 'en-US')).toBe(
      null,
    );
    expect(requirementTarget(new Error('network'), 'deposit', 'en-US')).toBe(null);
  });
});
