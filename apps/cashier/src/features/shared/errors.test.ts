import { describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import { readCashierFailure } from './errors.ts';

const FIELDS = ['amount', 'requisites', 'bank'];

describe('readCashierFailure (§8)', () => {
  it('maps invalid_parameters onto the form fields', () => {
    const error = new ApiError('InvalidParameter', 'bad', {
      invalidParameters: { amount: ['sum'], requisites: ['card_number'] },
    });
    expect(readCashierFailure(error, FIELDS)).toMatchObject({
      fields: { amount: 'sum', requisites: 'card_number' },
      problem: null,
    });
  });

  it('turns a parameter that names no field into a form message', () => {
    const error = new ApiError('InvalidParameter', 'bad', {
      invalidParameters: { method: ['required'] },
    });
    expect(readCashierFailure(error, FIELDS)).toMatchObject({ fields: {}, problem: 'unknown' });
  });

  it('puts a deposit limit failure on the amount field', () => {
    const error = new ApiError('BillingDepositLimitExceeded', 'limit');
    expect(readCashierFailure(error, FIELDS)).toMatchObject({
      problem: 'deposit_limit',
      onAmount: true,
    });
  });

  it('reads a self-excluded decline from error data', () => {
    const error = new ApiError('BillingTransactionDeclined', 'no', {
      errorData: { reason: 'self_excluded' },
    });
    expect(readCashierFailure(error, FIELDS)).toMatchObject({
      problem: 'self_excluded',
      onAmount: false,
    });
    const other = new ApiError('BillingTransactionDeclined', 'no');
    expect(readCashierFailure(other, FIELDS).problem).toBe('declined');
  });

  it('reads a withdrawal that would forfeit the active bonus (§2 burn-bonuses confirm)', () => {
    const error = new ApiError('WithdrawalDeclined', 'A withdrawal forfeits your active bonus', {
      errorData: { reason: 'active_bonus', bonus_id: 7 },
    });
    expect(readCashierFailure(error, FIELDS)).toMatchObject({
      problem: 'active_bonus',
      onAmount: false,
    });
    expect(readCashierFailure(new ApiError('WithdrawalDeclined', 'no'), FIELDS).problem).toBe(
      'withdrawal_declined',
    );
  });

  it('names every withdrawal failure of §8', () => {
    const cases = {
      KycWithdrawal: 'kyc',
      SumsubVerificationRequired: 'sumsub',
      RequisitesOnVerification: 'requisites_on_verification',
      RequisitesValidationRequired: 'requisites_validation_required',
      RequisitesFraudulent: 'requisites_fraudulent',
      WithdrawalLimitsExceeded: 'withdrawal_limits',
      WithdrawalLimitsPeriodExceeded: 'withdrawal_limits_period',
      WithdrawalDeclined: 'withdrawal_declined',
    } as const;
    for (const [type, problem] of Object.entries(cases)) {
      const failure = readCashierFailure(new ApiError(type as keyof typeof cases, 'x'), FIELDS);
      expect(failure.problem).toBe(problem);
    }
    expect(readCashierFailure(new ApiError('WithdrawalLimitsExceeded', 'x'), FIELDS).onAmount).toBe(
      true,
    );
    expect(readCashierFailure(new ApiError('KycWithdrawal', 'x'), FIELDS).onAmount).toBe(false);
  });

  it('treats anything that is not an API answer as a network failure', () => {
    expect(readCashierFailure(new TypeError('Failed to fetch'), FIELDS).problem).toBe('network');
  });
});
