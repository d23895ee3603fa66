import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { PageContainer } from '@northstar/ui';
import { useGamesConfig } from '../shared/games-config.ts';
import { HallFallbackBody } from './hall-fallback.tsx';

/**
 * The hall's code is its own chunk: the casino's other pages (a game page opened from a link)
 * never download it. React.lazy under Suspense renders on the server too, so the hall's HTML
 * holds its first tiles.
 */
const GamehallView = lazy(() =>
  import('./gamehall-view.tsx').then((m) => ({ default: m.GamehallView })),
);

function HallFallback() {
  const { itemOrientation } = useGamesConfig();
  return (
    <PageContainer data-remote="casino">
      <HallFallbackBody orientation={itemOrientation} />
    </PageContainer>
  );
}

/** `/gamehall`. */
export function GamehallPage() {
  return (
    <Suspense fallback={<HallFallback />}>
      <GamehallView />
    </Suspense>
  );
}

/** `/gamehall/{id}`: a provider's hall, a collection, or not found (gamehall-view.tsx). */
export function GamehallItemPage({ params }: RemotePageProps<'gamehallItem'>) {
  return (
    <Suspense fallback={<HallFallback />}>
      <GamehallView id={params.id} />
    </Suspense>
  );
}
