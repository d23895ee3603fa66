import { Skeleton } from '@northstar/ui';
import type { GamesConfig } from '../shared/games-config.ts';
import { GridSkeleton } from './tile-skeleton.tsx';

/** A chip row's place while its list loads (same height: nothing moves when it comes). */
export function ChipsSkeleton() {
  return (
    <div aria-hidden="true" style={{ display: 'grid', gap: 6 }}>
      <Skeleton $height="14px" $width="90px" />
      <Skeleton $height="36px" $radius="999px" style={{ marginBottom: 8 }} />
    </div>
  );
}

/** The hall's shape while its code or its lists load: title, chips and a grid of skeletons. */
export function HallFallbackBody({ orientation }: { orientation: GamesConfig['itemOrientation'] }) {
  return (
    <div aria-busy="true">
      <Skeleton $height="40px" $width="min(260px, 70%)" style={{ marginBottom: 28 }} />
      <ChipsSkeleton />
      <ChipsSkeleton />
      <GridSkeleton orientation={orientation} tiles={12} />
    </div>
  );
}
