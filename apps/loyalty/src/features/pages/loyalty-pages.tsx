import { lazy, Suspense, type ReactNode } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageFallback } from '../shared/parts.tsx';
import { LoyaltyProgramPage as ProgramPlaceholder, LoyaltyShopPage as ShopPlaceholder } from './placeholder-pages.tsx';

/**
 * The loyalty pages by route (§2, issue #27). Each is its own chunk, loaded when its route is
 * visited; React.lazy under Suspense renders on the server too, so the first screen is HTML with
 * its data.
 */

const Overview = lazy(() =>
  import('../overview/loyalty-page.tsx').then((m) => ({ default: m.LoyaltyOverview })),
);

function Split({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

export function LoyaltyPage() {
  return (
    <Split>
      <Overview />
    </Split>
  );
}

export function LoyaltyShopPage() {
  return <ShopPlaceholder />;
}

export function LoyaltyProgramPage(_props: RemotePageProps<'loyaltyProgram'>) {
  return <ProgramPlaceholder />;
}
