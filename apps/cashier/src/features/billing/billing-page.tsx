import { useEffect } from 'react';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { DepositPage } from '../deposit/deposit-page.tsx';

/** §2: the billing page redirects to the deposit page unless already on one. */
export function BillingPage() {
  const { locale, pathname, navigate } = useShellNavigation();
  const onDeposit = pathname.includes('/cashier/deposit');
  useEffect(() => {
    if (!onDeposit) navigate(routePath('cashierDeposit', {}, locale), { replace: true });
  }, [onDeposit, locale, navigate]);
  return <DepositPage />;
}
