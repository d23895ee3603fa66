import { lazy, Suspense, type ReactNode } from 'react';
import { ProfileFrameFallback } from '../profile-frame/profile-frame.tsx';

// Split off: each page's code downloads only when it is opened (the remote's JS budget).
const HistoryPage = lazy(() =>
  import('./history-page.tsx').then((m) => ({ default: m.HistoryPage })),
);
const ExportsPage = lazy(() =>
  import('./exports-page.tsx').then((m) => ({ default: m.ExportsPage })),
);

function Split({ children }: { children: ReactNode }) {
  // The page draws the profile frame (menu, title) itself; the fallback is the same frame.
  return <Suspense fallback={<ProfileFrameFallback />}>{children}</Suspense>;
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
