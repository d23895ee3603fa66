import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import {
  CashierPage,
  CashierDepositPage,
  CashierDepositMethodPage,
  CashierHistoryPage,
  CashierReceiptPage,
  CashierWalletPage,
  CashierWithdrawPage,
} from './features/pages/cashier-pages.tsx';
import {
  CashierPayCancelPage,
  CashierPayFailPage,
  CashierPayFailTransactionPage,
  CashierPayMobilePage,
  CashierPayNewWindowPage,
  CashierPayPendingPage,
  CashierPayPendingTransactionPage,
  CashierPaySuccessPage,
  CashierPaySuccessTransactionPage,
} from './features/pages/pay-result-routes.tsx';
import { BillingPage } from './features/billing/billing-page.tsx';

/** Every route the cashier remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'cashier',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    cashier: CashierPage,
    cashierWallet: CashierWalletPage,
    cashierBilling: BillingPage,
    cashierDeposit: CashierDepositPage,
    cashierDepositMethod: CashierDepositMethodPage,
    cashierHistory: CashierHistoryPage,
    cashierPayFail: CashierPayFailPage,
    cashierPayFailTransaction: CashierPayFailTransactionPage,
    cashierPayPending: CashierPayPendingPage,
    cashierPayPendingTransaction: CashierPayPendingTransactionPage,
    cashierPaySuccess: CashierPaySuccessPage,
    cashierPaySuccessTransaction: CashierPaySuccessTransactionPage,
    cashierReceipt: CashierReceiptPage,
    cashierWithdraw: CashierWithdrawPage,
    cashierPayCancel: CashierPayCancelPage,
    cashierPayMobile: CashierPayMobilePage,
    cashierPayNewWindow: CashierPayNewWindowPage,
  },
});
