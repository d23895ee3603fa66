import { describe, expect, it } from 'vitest';
import type { HistoryItem, HistoryPage } from '../shared/api.ts';
import { hasMoreHistory, historyTab, mergeHistory, pageOffsets } from './history-model.ts';

const item = (id: number): HistoryItem => ({
  id,
  type: 'deposit',
  method: 'card',
  amount: { amount: '10.00', currency: 'EUR' },
  status: 'success',
  created_at: '2025-01-01T10:00:00Z',
  requisites: null,
});
const page = (ids: number[], total: number): HistoryPage => ({ items: ids.map(item), total });

describe('history tabs (§2, §4, §9)', () => {
  it('reads the tab from the query, the deposit tab otherwise', () => {
    expect(historyTab('?tab=withdrawal')).toBe('withdrawal');
    expect(historyTab('?tab=cashbacks')).toBe('cashbacks');
    expect(historyTab('?tab=nope')).toBe('deposit');
    expect(historyTab('')).toBe('deposit');
  });

  it('merges pages in order and dedupes by id', () => {
    const merged = mergeHistory([page([9, 8, 7, 6], 10), page([6, 5, 4, 3], 10), undefined]);
    expect(merged.map((row) => row.id)).toEqual([9, 8, 7, 6, 5, 4, 3]);
  });

  it('asks 4 rows a page at offsets 0, 4, 8', () => {
    expect(pageOffsets(1)).toEqual([0]);
    expect(pageOffsets(3)).toEqual([0, 4, 8]);
  });

  it('offers more only while the last page was full and rows remain', () => {
    expect(hasMoreHistory([page([1, 2, 3, 4], 9)])).toBe(true);
    expect(hasMoreHistory([page([1, 2, 3, 4], 9), page([5, 6, 7, 8], 9)])).toBe(true);
    expect(hasMoreHistory([page([1, 2, 3, 4], 8), page([5, 6, 7, 8], 8)])).toBe(false);
    expect(hasMoreHistory([page([1, 2], 2)])).toBe(false);
    expect(hasMoreHistory([undefined])).toBe(false);
  });
});
