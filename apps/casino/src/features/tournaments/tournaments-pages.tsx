import { lazy, Suspense, type ReactNode } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';

/**
 * The tournament pages by route (§2, issue #27). Each is its own chunk, loaded when its route is
 * visited (the remote's first chunk stays within its budget); React.lazy under Suspense renders
 * on the server too, so the first screen is HTML with its data. The `{id}` is a positive integer
 * (shell-sdk page-rules `positiveId`: anything else is the 404 before this runs).
 */

const List = lazy(() =>
  import('./tournaments-list.tsx').then((m) => ({ default: m.TournamentsList })),
);
const View = lazy(() =>
  import('./tournament-page.tsx').then((m) => ({ default: m.TournamentView })),
);
const Hall = lazy(() =>
  import('./tournament-gamehall.tsx').then((m) => ({ default: m.TournamentGamehall })),
);

function PageFallback() {
  return (
    <PageContainer data-remote="casino" aria-busy="true">
      <Skeleton $height="180px" $radius="24px" />
      <Skeleton $height="44px" $width="min(420px, 100%)" style={{ marginTop: 24 }} />
      <Skeleton $height="320px" style={{ marginTop: 20 }} $radius="24px" />
    </PageContainer>
  );
}

function Split({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

export function TournamentsPage() {
  return (
    <Split>
      <List />
    </Split>
  );
}

export function TournamentPage({ params }: RemotePageProps<'tournament'>) {
  return (
    <Split>
      <View id={Number(params.id)} />
    </Split>
  );
}

export function TournamentGamehallPage({ params }: RemotePageProps<'tournamentGamehall'>) {
  return (
    <Split>
      <Hall id={Number(params.id)} />
    </Split>
  );
}
