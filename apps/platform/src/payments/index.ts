import { domain } from '../lib/domain.ts';
import { registerPaymentWebhooks } from './webhooks.ts';

/**
 * The payments domain's door (issue #23 §1): deposits and withdrawals with their money rules,
 * provider events, the operator's requirements before money moves, and the reads the §7 cashier
 * handlers (modules/cashier/) show. It owns its tables (schema.ts); money moves only through
 * wallet/index.ts.
 */
export {
  applyPaymentEvent,
  approveWithdrawal,
  CAN_CANCEL,
  CANCELLABLE,
  cancelWithdrawal,
  cashierPlayer,
  expireAbandonedDeposits,
  makeDeposit,
  makeWithdrawal,
  rejectWithdrawal,
  reviewWithdrawal,
  usableMethod,
  type CashierPlayer,
  type EventOutcome,
  type PaymentRow,
} from './service.ts';
export {
  BANKS,
  convert,
  DAILY_WITHDRAWAL_EUR,
  KYC_THRESHOLD_EUR,
  METHODS,
  methodBySysname,
  PRESETS,
  SUMSUB_THRESHOLD_EUR,
  type MethodConfig,
} from './methods.ts';
export {
  assertCashierRequirements,
  requirementsOf,
  REQUIREMENTS,
  type CashierOperation,
  type Requirement,
} from './requirements.ts';
export {
  currencyDecimals,
  hasSuccessfulDeposit,
  isFirstSuccessfulDeposit,
  netDeposits,
  ownPayment,
  paymentsPage,
  withdrawnSince,
  type PaymentWithDecimals,
} from './queries.ts';
export { dailyPayments, type DailyPayments } from './daily.ts';
export { ensureDeclinedDeposit } from './seeding.ts';

/** The payments' HTTP door besides `/api`: the payment providers' webhooks. */
export const paymentWebhooksDomain = domain('payments', (server, app) => {
  registerPaymentWebhooks(server, app);
});
