import { lazy, Suspense } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';

/** `/profile/bonuses` (issue #26), split off the remote's first chunk (as the settings page). */
const BonusesPage = lazy(() =>
  import('./bonuses-page.tsx').then((m) => ({ default: m.BonusesPage })),
);

function PageFallback() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton $height="36px" $width="min(280px, 100%)" />
      <Skeleton $height="320px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

export function ProfileBonusesPage() {
  return (
    <Suspense fallback={<PageFallback />}>
      <BonusesPage />
    </Suspense>
  );
}
