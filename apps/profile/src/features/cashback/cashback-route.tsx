import { lazy, Suspense } from 'react';
import { PageContainer, Skeleton } from '@northstar/ui';

/** `/profile/cashback` in its own chunk (the profile remote's first-chunk budget), as settings. */
const CashbackPage = lazy(() =>
  import('./cashback-page.tsx').then((m) => ({ default: m.CashbackPage })),
);

function PageFallback() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton $height="36px" $width="min(280px, 100%)" />
      <Skeleton $height="360px" style={{ marginTop: 24 }} $radius="16px" />
    </PageContainer>
  );
}

export function ProfileCashbackPage() {
  return (
    <Suspense fallback={<PageFallback />}>
      <CashbackPage />
    </Suspense>
  );
}
