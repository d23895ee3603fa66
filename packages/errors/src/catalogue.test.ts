import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_TYPE_NAMES,
  ERROR_TYPES,
  errorTypeForCode,
  errorTypeName,
  parseErrorTypeName,
  type ErrorType,
} from './catalogue.ts';
import { uiActionFor } from './ui.ts';

// §8, verbatim.
const SPEC_TYPES =
  'UnknownError, ApplicationDisabled, MethodNotFound, Authorization, InvalidRequest, InternalServerError, AccessDenied, UserDeleted, UserBanned, UserNeedDeposit, UserNeedProfileData, UserNeedConfirmContact, ApplicationUnavailable, InvalidParameter, TooManyRequests, BillingServiceError, BillingTransactionDeclined, BillingUnavailable, BillingDepositLimitExceeded, WithdrawalDeclined, WithdrawalLimitsExceeded, WithdrawalLimitsPeriodExceeded, KycUserProfile, KycWithdrawal, StorageQuotaExceeded, SumsubVerificationRequired, RequisitesOnVerification, RequisitesValidationRequired, RequisitesFraudulent'.split(
    ', ',
  );

describe('the catalogue', () => {
  it('has exactly the 29 types of §8', () => {
    expect(SPEC_TYPES).toHaveLength(29);
    expect([...ERROR_TYPES].sort()).toEqual([...SPEC_TYPES].sort());
  });

  it('gives every type a unique snake_case code and an HTTP error status', () => {
    const codes = ERROR_TYPES.map((t) => ERROR_CATALOGUE[t].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const type of ERROR_TYPES) {
      const { code, status } = ERROR_CATALOGUE[type];
      expect(code).toMatch(/^[a-z]+(?:_[a-z0-9]+)*$/);
      expect(Number.isInteger(status) && status >= 400 && status <= 599).toBe(true);
    }
  });

  it('derives the code from the type name', () => {
    for (const type of ERROR_TYPES) {
      const snake = type.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase();
      expect(ERROR_CATALOGUE[type].code).toBe(snake);
    }
  });

  it.each<[ErrorType, number, string]>([
    ['InvalidParameter', 400, 'fields'],
    ['InvalidRequest', 400, 'notice'],
    ['Authorization', 401, 'notice'],
    ['AccessDenied', 403, 'forbidden'],
    ['UserBanned', 403, 'user-blocked'],
    ['ApplicationDisabled', 503, 'maintenance'],
    ['ApplicationUnavailable', 503, 'maintenance'],
    ['MethodNotFound', 404, 'not-found'],
    ['TooManyRequests', 429, 'notice'],
    ['UnknownError', 500, 'not-found'],
    ['InternalServerError', 500, 'not-found'],
    ['StorageQuotaExceeded', 413, 'notice'],
  ])('%s is %i → %s', (type, status, ui) => {
    const entry = ERROR_CATALOGUE[type];
    expect(entry.status).toBe(status);
    expect(entry.ui.kind === 'page' ? entry.ui.page : entry.ui.kind).toBe(ui);
  });

  const playerMustAct = ERROR_TYPES.filter((t) =>
    /^(UserNeed|Kyc|Sumsub|Requisites|Billing|Withdrawal)/.test(t),
  );

  it.each(playerMustAct)('%s asks the player to act: a notice, never 403 or 503', (type) => {
    const entry = ERROR_CATALOGUE[type];
    expect([400, 402, 409, 422]).toContain(entry.status);
    expect(entry.ui).toEqual({ kind: 'notice' });
  });

  it('covers the player-action types the brief names', () => {
    expect(playerMustAct).toHaveLength(16);
  });

  it.each(ERROR_TYPES)('%s: the catalogue ui is what uiActionFor decides for it', (type) => {
    const entry = ERROR_CATALOGUE[type];
    expect(uiActionFor({ status: entry.status, type })).toEqual(entry.ui);
  });
});

describe('type names', () => {
  it('adds and removes the Exception suffix', () => {
    expect(errorTypeName('InvalidParameter')).toBe('InvalidParameterException');
    expect(ERROR_TYPE_NAMES).toHaveLength(29);
    for (const name of ERROR_TYPE_NAMES) {
      expect(name.endsWith('Exception')).toBe(true);
      expect(errorTypeName(parseErrorTypeName(name)!)).toBe(name);
    }
  });

  it.each([
    ['InvalidParameterException', 'InvalidParameter'],
    ['UserBanned', 'UserBanned'],
    ['NoSuchException', null],
    ['Exception', null],
    ['', null],
    ['constructor', null],
    ['toStringException', null],
    ['invalidparameterexception', null],
  ])('parseErrorTypeName(%j) → %j', (name, type) => {
    expect(parseErrorTypeName(name)).toBe(type);
  });

  it('finds a type by its code', () => {
    expect(errorTypeForCode('invalid_parameter')).toBe('InvalidParameter');
    expect(errorTypeForCode('nope')).toBeNull();
  });
});
