import { lazy, Suspense, type ComponentType } from 'react';
import type { RemotePageProps, RouteId } from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';

/**
 * The payment result pages (§2), split off the cashier's first chunk: a player reaches them
 * from the provider's page, so the deposit page never downloads them.
 */
const pages = () => import('../pay-result/pay-result-pages.tsx');

function Fallback() {
  return (
    <PageContainer data-remote="cashier" aria-busy="true">
      <Skeleton
        $height="360px"
        $width="min(560px, 100%)"
        $radius="24px"
        style={{ margin: '8px auto 0' }}
      />
    </PageContainer>
  );
}

function split<Id extends RouteId>(
  name: keyof Awaited<ReturnType<typeof pages>>,
): ComponentType<RemotePageProps<Id>> {
  const Page = lazy(() =>
    pages().then((m) => ({ default: m[name] as unknown as ComponentType<RemotePageProps<Id>> })),
  );
  return function SplitPage(props: RemotePageProps<Id>) {
    return (
      <Suspense fallback={<Fallback />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

export const CashierPaySuccessPage = split<'cashierPaySuccess'>('CashierPaySuccessPage');
export const CashierPaySuccessTransactionPage = split<'cashierPaySuccessTransaction'>(
  'CashierPaySuccessTransactionPage',
);
export const CashierPayFailPage = split<'cashierPayFail'>('CashierPayFailPage');
export const CashierPayFailTransactionPage = split<'cashierPayFailTransaction'>(
  'CashierPayFailTransactionPage',
);
export const CashierPayPendingPage = split<'cashierPayPending'>('CashierPayPendingPage');
export const CashierPayPendingTransactionPage = split<'cashierPayPendingTransaction'>(
  'CashierPayPendingTransactionPage',
);
export const CashierPayCancelPage = split<'cashierPayCancel'>('CashierPayCancelPage');
export const CashierPayMobilePage = split<'cashierPayMobile'>('CashierPayMobilePage');
export const CashierPayNewWindowPage = split<'cashierPayNewWindow'>('CashierPayNewWindowPage');
