import { describe, expect, it } from 'vitest';
import {
  clampPage,
  direction,
  historyKind,
  historyParams,
  HISTORY_PAGE_SIZE,
  pageCount,
} from './loyalty-history-model.ts';

describe('points history paging', () => {
  it('asks for the page’s rows', () => {
    expect(historyParams(0)).toEqual({ offset: 0, count: HISTORY_PAGE_SIZE });
    expect(historyParams(2)).toEqual({ offset: 2 * HISTORY_PAGE_SIZE, count: HISTORY_PAGE_SIZE });
    expect(historyParams(-1)).toEqual({ offset: 0, count: HISTORY_PAGE_SIZE });
  });
  it('counts pages, one at least', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(HISTORY_PAGE_SIZE)).toBe(1);
    expect(pageCount(HISTORY_PAGE_SIZE + 1)).toBe(2);
  });
  it('keeps the page within the rows there are', () => {
    expect(clampPage(5, HISTORY_PAGE_SIZE * 2)).toBe(1);
    expect(clampPage(-3, 100)).toBe(0);
    expect(clampPage(1, HISTORY_PAGE_SIZE * 2)).toBe(1);
  });
});

describe('points history rows', () => {
  it('names the known kinds and the direction of the points', () => {
    expect(historyKind('spend')).toBe('spend');
    expect(historyKind('reward')).toBe('reward');
    expect(historyKind('something-new')).toBe('other');
    expect(direction(250)).toBe('earned');
    expect(direction(0)).toBe('earned');
    expect(direction(-500)).toBe('spent');
  });
});
