import { lazy, Suspense } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';
import { ProfileNav } from '../layout/profile-nav.tsx';

// Split off: the page's forms download only when the page is opened (the remote's JS budget).
const ResponsiblePage = lazy(() =>
  import('./responsible-page.tsx').then((m) => ({ default: m.ResponsiblePage })),
);

/** `/profile/responsible-game` (issue #25; legacy `/responsible-game` redirects here). */
export function ProfileResponsibleGamePage() {
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
        <ResponsiblePage />
      </Suspense>
    </>
  );
}
