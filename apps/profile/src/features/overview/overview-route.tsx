import { lazy, Suspense } from 'react';
import { ProfileFrameFallback } from '../profile-frame/profile-frame.tsx';

// Split off like every profile page: its code downloads only when it is opened (JS budget).
const OverviewPage = lazy(() =>
  import('./overview-page.tsx').then((m) => ({ default: m.OverviewPage })),
);

/** `/profile` (§2; issue #25): the account overview. */
export function ProfilePage() {
  return (
    <Suspense fallback={<ProfileFrameFallback />}>
      <OverviewPage />
    </Suspense>
  );
}
