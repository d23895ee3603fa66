import { lazy, Suspense, type ReactNode } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';
import { DepositPage } from '../deposit/deposit-page.tsx';

/**
 * The cashier's pages by route (§2). The deposit page, the cashier's first page, is in the
 * remote's first chunk; the others are split off so the first visit downloads only what it shows
 * (the remote's JS budget). Their chunks load in parallel with the data on the server and in the
 * browser alike (React.lazy under Suspense renders on the server too).
 */

const WalletPage = lazy(() =>
  import('../wallet/wallet-page.tsx').then((m) => ({ default: m.WalletPage })),
);
const HistoryPage = lazy(() =>
  import('../history/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
);
const ReceiptPage = lazy(() =>
  import('../receipt/receipt-page.tsx').then((m) => ({ default: m.ReceiptPage })),
);
const WithdrawPage = lazy(() =>
  import('../withdraw/withdraw-page.tsx').then((m) => ({ default: m.WithdrawPage })),
);

function PageFallback() {
  return (
    <PageContainer data-remote="cashier" aria-busy="true">
      <Skeleton $height="36px" $width="min(240px, 100%)" />
      <Skeleton $height="44px" $width="min(420px, 100%)" style={{ marginTop: 20 }} />
      <Skeleton $height="280px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

function Split({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

/** `/cashier`: the wallet. */
export function CashierPage() {
  return (
    <Split>
      <WalletPage />
    </Split>
  );
}

export function CashierWalletPage() {
  return (
    <Split>
      <WalletPage />
    </Split>
  );
}

export function CashierDepositPage() {
  return <DepositPage />;
}

export function CashierDepositMethodPage({ params }: RemotePageProps<'cashierDepositMethod'>) {
  return <DepositPage sysname={params.sysname} />;
}

export function CashierHistoryPage() {
  return (
    <Split>
      <HistoryPage />
    </Split>
  );
}

export function CashierReceiptPage() {
  return (
    <Split>
      <ReceiptPage />
    </Split>
  );
}

export function CashierWithdrawPage() {
  return (
    <Split>
      <WithdrawPage />
    </Split>
  );
}
