import { lazy, Suspense } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';

/** `/profile/verification`, split off the remote's first chunk (as the settings page). */
const VerificationPage = lazy(() =>
  import('./verification-page.tsx').then((m) => ({ default: m.VerificationPage })),
);

function PageFallback() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton $height="36px" $width="min(280px, 100%)" />
      <Skeleton $height="320px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

export function ProfileVerificationPage() {
  return (
    <Suspense fallback={<PageFallback />}>
      <VerificationPage />
    </Suspense>
  );
}
