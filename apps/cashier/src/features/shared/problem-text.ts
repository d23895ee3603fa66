import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CashierProblem } from './errors.ts';

/** The translated text of every cashier problem (§8: each error type says what the UI shows). */
export function useProblemText(): (problem: CashierProblem) => string {
  const { t } = useLingui();
  return useCallback(
    (problem: CashierProblem) => {
      switch (problem) {
        case 'deposit_limit':
          return t({
            id: 'cashier.error.depositLimit',
            message:
              'This deposit is over your deposit limit. Choose a smaller amount or wait until your limit period ends.',
          });
        case 'active_bonus':
          return t({
            id: 'cashier.error.activeBonus',
            message:
              'You have an active bonus. A withdrawal now forfeits it: confirm to withdraw anyway.',
          });
        case 'self_excluded':
          return t({
            id: 'cashier.error.selfExcluded',
            message:
              'Your account is self-excluded, so payments are paused until the exclusion ends.',
          });
        case 'declined':
          return t({
            id: 'cashier.error.declined',
            message: 'The payment was declined. Try another amount or payment method.',
          });
        case 'billing_unavailable':
          return t({
            id: 'cashier.error.billingUnavailable',
            message: 'Payments are temporarily unavailable. Please try again in a few minutes.',
          });
        case 'kyc':
          return t({
            id: 'cashier.error.kyc',
            message:
              'Before your first withdrawal we need to verify your identity. Complete the verification in your profile.',
          });
        case 'sumsub':
          return t({
            id: 'cashier.error.sumsub',
            message:
              'Identity verification is required for this withdrawal. Start it from Profile → Verification.',
          });
        case 'requisites_on_verification':
          return t({
            id: 'cashier.error.requisitesOnVerification',
            message:
              'These payment details are being checked. You can withdraw to them as soon as the check is done.',
          });
        case 'requisites_validation_required':
          return t({
            id: 'cashier.error.requisitesValidationRequired',
            message:
              'These payment details must be confirmed first. Make a deposit with them, or contact support.',
          });
        case 'requisites_fraudulent':
          return t({
            id: 'cashier.error.requisitesFraudulent',
            message:
              'We cannot send money to these payment details. Please use another card or account, or contact support.',
          });
        case 'withdrawal_limits':
          return t({
            id: 'cashier.error.withdrawalLimits',
            message: 'This amount is over your withdrawal limit. Choose a smaller amount.',
          });
        case 'withdrawal_limits_period':
          return t({
            id: 'cashier.error.withdrawalLimitsPeriod',
            message:
              'You have reached the withdrawal limit for this period. You can withdraw again when it resets.',
          });
        case 'withdrawal_declined':
          return t({
            id: 'cashier.error.withdrawalDeclined',
            message: 'The withdrawal was declined. Please contact support for details.',
          });
        case 'insufficient_funds':
          return t({
            id: 'cashier.error.insufficientFunds',
            message: 'Your available balance is lower than this amount.',
          });
        case 'too_many':
          return t({
            id: 'cashier.error.tooMany',
            message: 'Too many attempts. Please wait a minute and try again.',
          });
        case 'network':
          return t({
            id: 'cashier.error.network',
            message: 'We could not reach the cashier. Check your connection and try again.',
          });
        default:
          return t({
            id: 'cashier.error.unknown',
            message: 'Something went wrong. Please try again or contact support.',
          });
      }
    },
    [t],
  );
}
