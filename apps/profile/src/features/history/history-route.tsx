import { lazy, Suspense, type ReactNode } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';
import { ProfileNav } from '../layout/profile-nav.tsx';

// Split off: each page's code downloads only when it is opened (the remote's JS budget).
const HistoryPage = lazy(() =>
  import('./history-page.tsx').then((m) => ({ default: m.HistoryPage })),
);
const ExportsPage = lazy(() =>
  import('./exports-page.tsx').then((m) => ({ default: m.ExportsPage })),
);

function Split({ children }: { children: ReactNode }) {
  return (
    <>
      <ProfileNav />
      <Suspense
        fallback={
          <PageContainer data-remote="profile" aria-busy="true">
            <Skeleton $height="36px" $width="min(320px, 100%)" />
            <Skeleton $height="320px" style={{ marginTop: 24 }} $radius="16px" />
          </PageContainer>
        }
      >
        {children}
      </Suspense>
    </>
  );
}

/** `/profile/bets/history` (issue #25). */
export function ProfileBetsHistoryPage() {
  return (
    <Split>
      <HistoryPage />
    </Split>
  );
}

/** `/profile/bets/exports` (issue #25). */
export function ProfileBetsExportsPage() {
  return (
    <Split>
      <ExportsPage />
    </Split>
  );
}
