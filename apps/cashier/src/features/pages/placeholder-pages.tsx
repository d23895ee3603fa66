import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

const comingSoon = (
  <Trans id="cashier.comingSoon">
    Deposits and withdrawals open here soon, with fast and secure payment methods.
  </Trans>
);

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return <PagePlaceholder owner="cashier" title={title} text={comingSoon} />;
  };
}

export const CashierPage = placeholder(<Trans id="cashier.cashier.title">Cashier</Trans>);
export const CashierDepositPage = placeholder(
  <Trans id="cashier.cashierDeposit.title">Deposit</Trans>,
);
export const CashierDepositMethodPage = placeholder(
  <Trans id="cashier.cashierDepositMethod.title">Deposit method</Trans>,
);
export const CashierHistoryPage = placeholder(
  <Trans id="cashier.cashierHistory.title">Transaction history</Trans>,
);
export const CashierReceiptPage = placeholder(
  <Trans id="cashier.cashierReceipt.title">Receipt</Trans>,
);
export const CashierWithdrawPage = placeholder(
  <Trans id="cashier.cashierWithdraw.title">Withdraw</Trans>,
);
