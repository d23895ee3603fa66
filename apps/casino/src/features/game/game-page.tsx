import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { RemotePageProps } from '@northstar/shell-sdk';
import { media, Skeleton } from '@northstar/ui';

/**
 * `/game/{sysname}` (§2), on the shell's game layout. The page's code is its own chunk (the
 * casino's first page is the game hall, within the remote's JS budget); React.lazy under Suspense
 * renders on the server too, so the first HTML already holds the game's bar and frame.
 */
const GameView = lazy(() => import('./game-view.tsx').then((m) => ({ default: m.GameView })));

/**
 * The room the game gets: the viewport under the shell's header, the bar above the frame. Shared
 * with the view so the skeleton and the page take the same space (no jump when it loads).
 */
export const GameStage = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  width: 100%;
  max-width: 1680px;
  margin: 0 auto;
  padding: 10px 8px 8px;
  height: calc(100vh - ${({ theme }) => theme.headerHeight.mobile}px);
  height: calc(100dvh - ${({ theme }) => theme.headerHeight.mobile}px);
  min-height: 460px;
  ${media.from('tablet')} {
    gap: 14px;
    padding: 14px 24px 20px;
  }
  ${media.from('laptop')} {
    height: calc(100vh - ${({ theme }) => theme.headerHeight.desktop}px);
    height: calc(100dvh - ${({ theme }) => theme.headerHeight.desktop}px);
  }
`;

const SkeletonBar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

export function GameSkeleton() {
  return (
    <GameStage data-remote="casino" aria-busy="true">
      <SkeletonBar>
        <Skeleton $height="40px" $width="40px" $radius="999px" />
        <Skeleton $height="24px" $width="min(260px, 50%)" />
      </SkeletonBar>
      <Skeleton $height="100%" $radius="16px" style={{ flex: 1 }} />
    </GameStage>
  );
}

/** `/game/{sysname}`. */
export function GamePage({ params }: RemotePageProps<'game'>) {
  return (
    <Suspense fallback={<GameSkeleton />}>
      <GameView sysname={params.sysname} />
    </Suspense>
  );
}
