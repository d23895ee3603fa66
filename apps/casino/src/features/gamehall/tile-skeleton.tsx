import styled from 'styled-components';
import { Skeleton } from '@northstar/ui';
import type { TileOrientation } from '../shared/game-tile.tsx';
import { gridColumnsCss } from './hall-layout.ts';

/** The hall's CSS grid of tiles (also the favourites' plain list). */
export const TileList = styled.ul<{ $orientation: TileOrientation }>`
  ${({ $orientation }) => gridColumnsCss($orientation)}
  list-style: none;
  margin: 0;
  padding: 0;
  > li {
    min-width: 0;
  }
  /* Each tile on a layer of its own: moving the rows as the page scrolls then repaints none of
     the tiles (measured by tools/perf-gamehall.ts: 30 → 60 fps unthrottled here). */
  > li > article {
    will-change: transform;
  }
`;

const TileSkeleton = styled.div<{ $orientation: TileOrientation }>`
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  > span:first-child {
    aspect-ratio: ${({ $orientation }) => ($orientation === 'vertical' ? '2 / 3' : '3 / 2')};
    height: auto;
    border-radius: 0;
  }
  > div {
    display: grid;
    gap: 8px;
    padding: 10px;
  }
`;

export function GameTileSkeleton({ orientation }: { orientation: TileOrientation }) {
  return (
    <TileSkeleton $orientation={orientation} aria-hidden="true">
      <Skeleton />
      <div>
        <Skeleton $height="14px" $width="75%" />
        <Skeleton $height="11px" $width="45%" />
      </div>
    </TileSkeleton>
  );
}

/** A grid of skeleton tiles as the hall's grid draws them (a page's fallback, no shift after). */
export function GridSkeleton({
  orientation,
  tiles = 12,
}: {
  orientation: TileOrientation;
  tiles?: number;
}) {
  return (
    <TileList $orientation={orientation} aria-hidden="true" role="presentation">
      {Array.from({ length: tiles }, (_, i) => (
        <li key={i}>
          <GameTileSkeleton orientation={orientation} />
        </li>
      ))}
    </TileList>
  );
}
