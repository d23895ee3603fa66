import { lazy, Suspense } from 'react';
import { ProfileFrameFallback } from '../profile-frame/profile-frame.tsx';

/** `/profile/loyalty` in its own chunk (the profile remote's first-chunk budget). */
const LoyaltyHistoryPage = lazy(() =>
  import('./loyalty-history-page.tsx').then((m) => ({ default: m.LoyaltyHistoryPage })),
);

export function ProfileLoyaltyPage() {
  return (
    <Suspense fallback={<ProfileFrameFallback />}>
      <LoyaltyHistoryPage />
    </Suspense>
  );
}
