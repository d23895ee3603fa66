import { useEffect } from 'react';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { CashierDepositPage } from '../pages/placeholder-pages.tsx';

/** §2: the billing page redirects to the deposit page unless already on one. */
export function BillingPage() {
  const { locale, pathname, navigate } = useShellNavigation();
  const onDeposit = pathname.includes('/cashier/deposit');
  useEffect(() => {
    if (!onDeposit) navigate(routePath('cashierDeposit', {}, locale), { replace: true });
  }, [onDeposit, locale, navigate]);
  return <CashierDepositPage />;
}
