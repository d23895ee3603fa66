import { lazy, Suspense } from 'react';
import { ProfileFrameFallback } from '../profile-frame/profile-frame.tsx';

// Split off: the page's forms download only when the page is opened (the remote's JS budget).
const ResponsiblePage = lazy(() =>
  import('./responsible-page.tsx').then((m) => ({ default: m.ResponsiblePage })),
);

/** `/profile/responsible-game` (issue #25; legacy `/responsible-game` redirects here). */
export function ProfileResponsibleGamePage() {
  return (
    <Suspense fallback={<ProfileFrameFallback />}>
      <ResponsiblePage />
    </Suspense>
  );
}
