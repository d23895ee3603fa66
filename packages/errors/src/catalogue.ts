/**
 * The error catalogue of §8, defined once. Each type has one HTTP status, one stable snake_case
 * code and the thing the UI does when the error reaches it (see `ui.ts` for the rules).
 *
 * Status choices follow §8's handling rules, which are driven by the HTTP status:
 * - 403 always shows the forbidden page, so nothing the player can fix uses 403.
 * - 503 always shows maintenance, so only the application-wide outages use it.
 * - What the player must act on (deposit, fill the profile, verify, change the payment details)
 *   is 402 when money did not move, otherwise 422, and shows a notice. 409 is avoided because
 *   the client's retry policy (§9) retries it once on body-less requests, which cannot help.
 */

export type ErrorPage = 'maintenance' | 'forbidden' | 'user-blocked' | 'not-found' | 'error';

/** What the UI does with an error: a full page, a notice (toast/dialog), or messages on fields. */
export type ErrorUiAction =
  { kind: 'page'; page: ErrorPage } | { kind: 'notice' } | { kind: 'fields' };

export interface ErrorCatalogueEntry {
  status: number;
  /** Stable snake_case code: sent on the wire, used in analytics and message ids. */
  code: string;
  ui: ErrorUiAction;
}

const page = <P extends ErrorPage>(p: P) => ({ kind: 'page', page: p }) as const;
const NOTICE = { kind: 'notice' } as const;
const FIELDS = { kind: 'fields' } as const;

export const ERROR_CATALOGUE = {
  // §8 "any other status shows not found": a 500 reaching a page shows the not-found page; the
  // `error` page is for fatal client-side failures (see `uiActionFor`'s `fatal`).
  UnknownError: { status: 500, code: 'unknown_error', ui: page('not-found') },
  ApplicationDisabled: { status: 503, code: 'application_disabled', ui: page('maintenance') },
  MethodNotFound: { status: 404, code: 'method_not_found', ui: page('not-found') },
  // Wrong credentials or an ended session: the sign-in form shows wrongEnterText (§8); the
  // two-factor markers also travel in this type's message.
  Authorization: { status: 401, code: 'authorization', ui: NOTICE },
  // A malformed request with no field to blame (registration: wrongRegServerError, §8).
  InvalidRequest: { status: 400, code: 'invalid_request', ui: NOTICE },
  InternalServerError: { status: 500, code: 'internal_server_error', ui: page('not-found') },
  AccessDenied: { status: 403, code: 'access_denied', ui: page('forbidden') },
  // The account no longer exists; nothing the player can do, so it is a 403 like access denied.
  UserDeleted: { status: 403, code: 'user_deleted', ui: page('forbidden') },
  // 403 as well, but `uiActionFor` checks the banned type before the 403 rule (§8).
  UserBanned: { status: 403, code: 'user_banned', ui: page('user-blocked') },
  // 402: the action needs money on the balance; the UI offers the deposit (toast fill_for_deposit).
  UserNeedDeposit: { status: 402, code: 'user_need_deposit', ui: NOTICE },
  UserNeedProfileData: { status: 422, code: 'user_need_profile_data', ui: NOTICE },
  UserNeedConfirmContact: { status: 422, code: 'user_need_confirm_contact', ui: NOTICE },
  ApplicationUnavailable: { status: 503, code: 'application_unavailable', ui: page('maintenance') },
  InvalidParameter: { status: 400, code: 'invalid_parameter', ui: FIELDS },
  TooManyRequests: { status: 429, code: 'too_many_requests', ui: NOTICE },
  // Payment-side failures are 402, not 502/503: a 503 would show the maintenance page for the
  // whole site when only one payment method is down.
  BillingServiceError: { status: 402, code: 'billing_service_error', ui: NOTICE },
  BillingTransactionDeclined: { status: 402, code: 'billing_transaction_declined', ui: NOTICE },
  BillingUnavailable: { status: 402, code: 'billing_unavailable', ui: NOTICE },
  // The player's own deposit limit (§3 Deposit limit): they change the amount or wait.
  BillingDepositLimitExceeded: { status: 422, code: 'billing_deposit_limit_exceeded', ui: NOTICE },
  WithdrawalDeclined: { status: 402, code: 'withdrawal_declined', ui: NOTICE },
  WithdrawalLimitsExceeded: { status: 422, code: 'withdrawal_limits_exceeded', ui: NOTICE },
  WithdrawalLimitsPeriodExceeded: {
    status: 422,
    code: 'withdrawal_limits_period_exceeded',
    ui: NOTICE,
  },
  KycUserProfile: { status: 422, code: 'kyc_user_profile', ui: NOTICE },
  KycWithdrawal: { status: 422, code: 'kyc_withdrawal', ui: NOTICE },
  // 413 rather than 400: the request was valid, the player's storage (§7 Storage set) is full;
  // 413 is not in the client's retry list.
  StorageQuotaExceeded: { status: 413, code: 'storage_quota_exceeded', ui: NOTICE },
  SumsubVerificationRequired: { status: 422, code: 'sumsub_verification_required', ui: NOTICE },
  RequisitesOnVerification: { status: 422, code: 'requisites_on_verification', ui: NOTICE },
  RequisitesValidationRequired: { status: 422, code: 'requisites_validation_required', ui: NOTICE },
  // Payment details flagged as fraudulent: the player must use other details, so a notice and
  // not the forbidden page.
  RequisitesFraudulent: { status: 422, code: 'requisites_fraudulent', ui: NOTICE },
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ErrorType = keyof typeof ERROR_CATALOGUE;
export type ErrorTypeName = `${ErrorType}Exception`;

const SUFFIX = 'Exception';

export const ERROR_TYPES = Object.keys(ERROR_CATALOGUE) as readonly ErrorType[];

export const ERROR_TYPE_NAMES: readonly ErrorTypeName[] = ERROR_TYPES.map(errorTypeName);

export function errorTypeName(type: ErrorType): ErrorTypeName {
  return `${type}${SUFFIX}`;
}

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** `'InvalidParameterException'` → `'InvalidParameter'`; the bare type name is accepted too. */
export function parseErrorTypeName(name: string): ErrorType | null {
  const bare = name.endsWith(SUFFIX) ? name.slice(0, -SUFFIX.length) : name;
  return isErrorType(bare) ? bare : null;
}

/** The catalogue entry for a stable code (`'invalid_parameter'`), or null. */
export function errorTypeForCode(code: string): ErrorType | null {
  return ERROR_TYPES.find((type) => ERROR_CATALOGUE[type].code === code) ?? null;
}
