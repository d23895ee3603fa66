import { describe, expect, it } from 'vitest';
import { columnsFor, estimateRowHeight, GRID_GAP, HALL_COLUMNS } from './hall-layout.ts';

describe('hall columns', () => {
  it('gives the tiles per row of each breakpoint, edges included', () => {
    expect(columnsFor(375, 'horizontal')).toBe(2);
    expect(columnsFor(559, 'horizontal')).toBe(2);
    expect(columnsFor(560, 'horizontal')).toBe(3);
    expect(columnsFor(1024, 'horizontal')).toBe(5);
    expect(columnsFor(1440, 'horizontal')).toBe(6);
    expect(columnsFor(1440, 'vertical')).toBe(8);
  });

  it('never has fewer columns on a wider screen', () => {
    for (let i = 1; i < HALL_COLUMNS.length; i++) {
      expect(HALL_COLUMNS[i]!.horizontal).toBeGreaterThanOrEqual(HALL_COLUMNS[i - 1]!.horizontal);
      expect(HALL_COLUMNS[i]!.vertical).toBeGreaterThanOrEqual(HALL_COLUMNS[i - 1]!.vertical);
    }
  });

  it('estimates a row from the tile width at the image ratio', () => {
    // 6 tiles of 200 px: a 3:2 image is 133 px high.
    const width = 6 * 200 + 5 * GRID_GAP;
    expect(estimateRowHeight(width, 6, 'horizontal')).toBe(Math.round(200 * (2 / 3) + 52 + 2 + 12));
    expect(estimateRowHeight(width, 6, 'vertical')).toBe(300 + 52 + 2 + 12);
  });
});
