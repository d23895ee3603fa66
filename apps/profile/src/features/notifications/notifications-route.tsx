import { lazy, Suspense } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';

/** `/profile/notification`, split off the remote's first chunk (as the settings page). */
const NotificationsPage = lazy(() =>
  import('./notifications-page.tsx').then((m) => ({ default: m.NotificationsPage })),
);

function PageFallback() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton $height="36px" $width="min(280px, 100%)" />
      <Skeleton $height="300px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

export function ProfileNotificationPage() {
  return (
    <Suspense fallback={<PageFallback />}>
      <NotificationsPage />
    </Suspense>
  );
}
