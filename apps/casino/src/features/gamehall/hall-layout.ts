import { css } from 'styled-components';
import type { TileOrientation } from '../shared/game-tile.tsx';

/**
 * Tiles per row by viewport width. One table feeds both the CSS grid (media queries) and the
 * virtualizer's rows (matchMedia), so the server's HTML, laid out by CSS alone, puts every tile
 * where the browser's virtualized grid puts it after hydration: no shift.
 */
export const HALL_COLUMNS: readonly { from: number; horizontal: number; vertical: number }[] = [
  { from: 0, horizontal: 2, vertical: 3 },
  { from: 560, horizontal: 3, vertical: 4 },
  { from: 768, horizontal: 4, vertical: 5 },
  { from: 992, horizontal: 5, vertical: 6 },
  { from: 1280, horizontal: 6, vertical: 8 },
];

/** The server has no viewport: it lays out rows for a wide screen (the CSS still decides). */
export const SERVER_VIEWPORT_WIDTH = 1280;
export const GRID_GAP = 12;
/** The caption under a tile's image: fixed, so a row's height follows from its width alone. */
export const CAPTION_HEIGHT = 52;

export function columnsFor(viewportWidth: number, orientation: TileOrientation): number {
  let columns = HALL_COLUMNS[0]![orientation];
  for (const step of HALL_COLUMNS) if (viewportWidth >= step.from) columns = step[orientation];
  return columns;
}

/** `grid-template-columns` per breakpoint, from the same table. */
export const gridColumnsCss = (orientation: TileOrientation) => css`
  display: grid;
  gap: ${GRID_GAP}px;
  grid-template-columns: repeat(${HALL_COLUMNS[0]![orientation]}, minmax(0, 1fr));
  ${HALL_COLUMNS.slice(1).map(
    (step) => css`
      @media (min-width: ${step.from}px) {
        grid-template-columns: repeat(${step[orientation]}, minmax(0, 1fr));
      }
    `,
  )}
`;

/**
 * A row's height before the first tile is measured: the tile's image at its aspect ratio, the
 * caption, the borders and the gap. The grid measures a real tile after mount and uses that.
 */
export function estimateRowHeight(
  gridWidth: number,
  columns: number,
  orientation: TileOrientation,
): number {
  const tileWidth = (gridWidth - GRID_GAP * (columns - 1)) / columns;
  const ratio = orientation === 'vertical' ? 3 / 2 : 2 / 3;
  return Math.round(tileWidth * ratio + CAPTION_HEIGHT + 2 + GRID_GAP);
}
