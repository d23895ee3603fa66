import { lazy, Suspense, type ReactNode } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageContainer } from '@northstar/ui';
import { PageFallback } from '../shared/parts.tsx';
import { useThirdPartyBook } from '../shared/third-party.ts';

/**
 * The betting pages by route (issue #29). Each is its own chunk, loaded when its route is
 * visited; React.lazy under Suspense renders on the server too, so the first screen is HTML with
 * the book in it.
 */

const Book = lazy(() =>
  import('../book/betting-page.tsx').then((m) => ({ default: m.BettingView })),
);
const Event = lazy(() => import('../book/event-page.tsx').then((m) => ({ default: m.EventView })));
const ThirdParty = lazy(() =>
  import('../book/third-party-book.tsx').then((m) => ({ default: m.ThirdPartyBook })),
);

function Split({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <PageContainer data-remote="betting" aria-busy="true">
          <PageFallback />
        </PageContainer>
      }
    >
      {children}
    </Suspense>
  );
}

export function BettingPage() {
  const thirdParty = useThirdPartyBook();
  return <Split>{thirdParty ? <ThirdParty /> : <Book />}</Split>;
}

export function BettingEventPage({ params }: RemotePageProps<'bettingEvent'>) {
  return (
    <Split>
      <Event id={Number(params.id)} />
    </Split>
  );
}
