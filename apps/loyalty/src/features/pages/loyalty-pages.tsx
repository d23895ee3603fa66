import { lazy, Suspense, type ReactNode } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageFallback } from '../shared/parts.tsx';

/**
 * The loyalty pages by route (§2, issue #27). Each is its own chunk, loaded when its route is
 * visited; React.lazy under Suspense renders on the server too, so the first screen is HTML with
 * its data. An unknown `{sysname}` is the 404 before this runs (platform web/page-rules.ts).
 */

const Overview = lazy(() =>
  import('../overview/loyalty-page.tsx').then((m) => ({ default: m.LoyaltyOverview })),
);
const Shop = lazy(() => import('../shop/shop-page.tsx').then((m) => ({ default: m.ShopView })));
const Program = lazy(() =>
  import('../program/program-page.tsx').then((m) => ({ default: m.ProgramView })),
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
  return (
    <Split>
      <Shop />
    </Split>
  );
}

export function LoyaltyProgramPage({ params }: RemotePageProps<'loyaltyProgram'>) {
  return (
    <Split>
      <Program sysname={params.sysname} />
    </Split>
  );
}
