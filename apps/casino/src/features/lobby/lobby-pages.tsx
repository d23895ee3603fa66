import { lazy, Suspense, type ReactNode } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';

/**
 * The lobby's pages by route (§2). Each is its own chunk, loaded when its route is visited (the
 * remote's first chunk stays small); React.lazy under Suspense renders on the server too, so the
 * first screen is HTML with its data.
 */

const Providers = lazy(() =>
  import('./providers-page.tsx').then((m) => ({ default: m.ProvidersPage })),
);
const Jackpots = lazy(() =>
  import('./jackpots-page.tsx').then((m) => ({ default: m.JackpotsPage })),
);
const Jackpot = lazy(() => import('./jackpots-page.tsx').then((m) => ({ default: m.JackpotPage })));
const Winners = lazy(() => import('./winners-page.tsx').then((m) => ({ default: m.WinnersPage })));

function PageFallback() {
  return (
    <PageContainer data-remote="casino" aria-busy="true">
      <Skeleton $height="36px" $width="min(240px, 100%)" />
      <Skeleton $height="20px" $width="min(420px, 100%)" style={{ marginTop: 12 }} />
      <Skeleton $height="280px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

function Split({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

export function ProvidersPage() {
  return (
    <Split>
      <Providers />
    </Split>
  );
}

export function JackpotsPage() {
  return (
    <Split>
      <Jackpots />
    </Split>
  );
}

export function JackpotPage({ params }: RemotePageProps<'jackpot'>) {
  return (
    <Split>
      <Jackpot id={params.id} />
    </Split>
  );
}

export function WinnersPage() {
  return (
    <Split>
      <Winners />
    </Split>
  );
}
