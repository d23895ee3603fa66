import { isApiError } from '@northstar/shell-sdk';
import { serverFieldErrors } from '@northstar/validators';

/**
 * What a failed cashier call means for the player (§8): which message to show, and whether it
 * belongs on the amount field or on the form. Pure, so the mapping is tested without a page.
 */
export type CashierProblem =
  | 'deposit_limit'
  | 'self_excluded'
  | 'declined'
  | 'billing_unavailable'
  | 'kyc'
  | 'sumsub'
  | 'requisites_on_verification'
  | 'requisites_validation_required'
  | 'requisites_fraudulent'
  | 'withdrawal_limits'
  | 'withdrawal_limits_period'
  | 'withdrawal_declined'
  /** §2 burn-bonuses: a withdrawal would forfeit the active bonus; the page asks first. */
  | 'active_bonus'
  | 'insufficient_funds'
  | 'too_many'
  | 'network'
  | 'unknown';

export interface CashierFailure {
  /** Field name → encoded §5 message, for the fields the form has. */
  fields: Record<string, string>;
  /** The message for the form (or the amount field, see `onAmount`), if any. */
  problem: CashierProblem | null;
  /** The problem is about the amount: show it on the amount field. */
  onAmount: boolean;
  /** Extra details the server gave (the amount still available under a limit, its end). */
  data: Record<string, unknown>;
}

const AMOUNT_PROBLEMS: ReadonlySet<CashierProblem> = new Set([
  'deposit_limit',
  'withdrawal_limits',
  'withdrawal_limits_period',
  'insufficient_funds',
]);

function problemOf(error: unknown): CashierProblem {
  if (!isApiError(error)) return 'network';
  const reason = error.errorData.reason;
  switch (error.type) {
    case 'BillingDepositLimitExceeded':
      return 'deposit_limit';
    case 'BillingTransactionDeclined':
      if (reason === 'self_excluded') return 'self_excluded';
      if (reason === 'insufficient_funds') return 'insufficient_funds';
      return 'declined';
    case 'BillingUnavailable':
    case 'BillingServiceError':
      return 'billing_unavailable';
    case 'KycWithdrawal':
    case 'KycUserProfile':
      return 'kyc';
    case 'SumsubVerificationRequired':
      return 'sumsub';
    case 'RequisitesOnVerification':
      return 'requisites_on_verification';
    case 'RequisitesValidationRequired':
      return 'requisites_validation_required';
    case 'RequisitesFraudulent':
      return 'requisites_fraudulent';
    case 'WithdrawalLimitsExceeded':
      return 'withdrawal_limits';
    case 'WithdrawalLimitsPeriodExceeded':
      return 'withdrawal_limits_period';
    case 'WithdrawalDeclined':
      if (reason === 'self_excluded') return 'self_excluded';
      return reason === 'active_bonus' ? 'active_bonus' : 'withdrawal_declined';
    case 'TooManyRequests':
      return 'too_many';
    default:
      return error.status === 429 ? 'too_many' : 'unknown';
  }
}

/**
 * Reads a failure of makedeposit, makewithdrawal or setDepositLimit: `InvalidParameterException`
 * goes onto the named fields (parameters naming no field of the form become a form message),
 * every other §8 type becomes one translated problem.
 */
export function readCashierFailure(error: unknown, fieldNames: readonly string[]): CashierFailure {
  if (isApiError(error) && error.type === 'InvalidParameter') {
    const { fields, unmatched } = serverFieldErrors(error.invalidParameters, fieldNames);
    const byField: Record<string, string> = {};
    for (const item of fields) byField[item.field] ??= item.message;
    const rest = Object.keys(unmatched).length > 0 || fields.length === 0;
    return { fields: byField, problem: rest ? 'unknown' : null, onAmount: false, data: {} };
  }
  const problem = problemOf(error);
  return {
    fields: {},
    problem,
    onAmount: AMOUNT_PROBLEMS.has(problem) && fieldNames.includes('amount'),
    data: isApiError(error) ? error.errorData : {},
  };
}
