import { lazy, Suspense } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';

/**
 * `/profile/settings` split off the remote's first chunk (the first profile page's JS budget):
 * its chunk loads with the page, on the server too (React.lazy under Suspense).
 */
const SettingsPage = lazy(() =>
  import('./settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);

function PageFallback() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton $height="36px" $width="min(280px, 100%)" />
      <Skeleton $height="360px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

export function ProfileSettingsPage() {
  return (
    <Suspense fallback={<PageFallback />}>
      <SettingsPage />
    </Suspense>
  );
}
