import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_TYPE_NAMES,
  ERROR_TYPES,
  errorTypeForCode,
  errorTypeName,
  parseErrorTypeName,
  type ErrorPage,
  type ErrorType,
  type ErrorUiAction,
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
});

/**
 * §8 "Handling", per type, written out rather than read back from the catalogue: each error
 * arrives with its catalogue status, and the expected action is stated here from the spec.
 * - banned (or error data type user-banned) → the user-blocked page;
 * - disabled or unavailable application → maintenance;
 * - HTTP 403 → forbidden;
 * - field errors (InvalidParameter) map onto the form's fields (§5 Timing), and what the player
 *   must act on, or the sign-in and rate-limit failures, is a notice (§8 sign-in failure,
 *   registration failure, two-factor);
 * - other statuses with a page: 404 → not found, 503 → maintenance; any other status → not found.
 */
const page = (name: ErrorPage) => ({ kind: 'page', page: name }) as const;
const NOTICE = { kind: 'notice' } as const;
const FIELDS = { kind: 'fields' } as const;

const SPEC_HANDLING: Record<ErrorType, ErrorUiAction> = {
  UnknownError: page('not-found'),
  ApplicationDisabled: page('maintenance'),
  MethodNotFound: page('not-found'),
  Authorization: NOTICE,
  InvalidRequest: NOTICE,
  InternalServerError: page('not-found'),
  AccessDenied: page('forbidden'),
  UserDeleted: page('forbidden'),
  UserBanned: page('user-blocked'),
  UserNeedDeposit: NOTICE,
  UserNeedProfileData: NOTICE,
  UserNeedConfirmContact: NOTICE,
  ApplicationUnavailable: page('maintenance'),
  InvalidParameter: FIELDS,
  TooManyRequests: NOTICE,
  BillingServiceError: NOTICE,
  BillingTransactionDeclined: NOTICE,
  BillingUnavailable: NOTICE,
  BillingDepositLimitExceeded: NOTICE,
  WithdrawalDeclined: NOTICE,
  WithdrawalLimitsExceeded: NOTICE,
  WithdrawalLimitsPeriodExceeded: NOTICE,
  KycUserProfile: NOTICE,
  KycWithdrawal: NOTICE,
  StorageQuotaExceeded: NOTICE,
  SumsubVerificationRequired: NOTICE,
  RequisitesOnVerification: NOTICE,
  RequisitesValidationRequired: NOTICE,
  RequisitesFraudulent: NOTICE,
};

describe('§8 handling of each type, as it arrives from the server', () => {
  it('names every type of the catalogue', () => {
    expect(Object.keys(SPEC_HANDLING).sort()).toEqual([...ERROR_TYPES].sort());
  });

  it.each(ERROR_TYPES)('%s', (type) => {
    const { status } = ERROR_CATALOGUE[type];
    expect(uiActionFor({ status, type })).toEqual(SPEC_HANDLING[type]);
  });

  // The banned and the application-wide rules win over the status the error comes with.
  it.each<[string, Parameters<typeof uiActionFor>[0], ErrorUiAction]>([
    ['UserBanned with any status', { status: 400, type: 'UserBanned' }, page('user-blocked')],
    [
      'error data type user-banned on AccessDenied',
      { status: 403, type: 'AccessDenied', errorData: { type: 'user-banned' } },
      page('user-blocked'),
    ],
    [
      'ApplicationDisabled with a 500',
      { status: 500, type: 'ApplicationDisabled' },
      page('maintenance'),
    ],
    [
      'ApplicationUnavailable with a 502',
      { status: 502, type: 'ApplicationUnavailable' },
      page('maintenance'),
    ],
    ['a 403 whatever the type', { status: 403, type: 'UserNeedDeposit' }, page('forbidden')],
    ['a 404 with no type', { status: 404 }, page('not-found')],
    ['a 503 with no type', { status: 503 }, page('maintenance')],
    ['any other status with no type', { status: 502 }, page('not-found')],
  ])('%s', (_label, input, expected) => {
    expect(uiActionFor(input)).toEqual(expected);
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
