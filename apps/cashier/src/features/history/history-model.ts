import type { HistoryItem, HistoryPage, HistoryType } from '../shared/api.ts';

/** §9: history page size per tab, and the recent-transactions block. */
export const HISTORY_PAGE_SIZE = 4;
export const RECENT_COUNT = 4;

/** §2 history tabs (query `tab`). */
export const HISTORY_TABS = ['deposit', 'withdrawal', 'bonuses', 'cashbacks'] as const;

/** The tab a `?tab=` value names; the first tab for anything else. */
export function historyTab(search: string): HistoryType {
  const tab = new URLSearchParams(search).get('tab');
  return (HISTORY_TABS as readonly string[]).includes(tab ?? '')
    ? (tab as HistoryType)
    : HISTORY_TABS[0];
}

/**
 * §4: pages merged in order, each row once (a row that moved to the next page while the player
 * read, because a new one arrived, is not shown twice).
 */
export function mergeHistory(pages: readonly (HistoryPage | undefined)[]): HistoryItem[] {
  const seen = new Set<number>();
  const items: HistoryItem[] = [];
  for (const page of pages) {
    for (const item of page?.items ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The offsets of the pages loaded so far, for `count` more pages: 0, 4, 8, … */
export function pageOffsets(pages: number, size = HISTORY_PAGE_SIZE): number[] {
  return Array.from({ length: Math.max(1, pages) }, (_, index) => index * size);
}

/** Whether "show more" may load another page: the last page was full and more rows exist. */
export function hasMoreHistory(
  pages: readonly (HistoryPage | undefined)[],
  size = HISTORY_PAGE_SIZE,
): boolean {
  const last = pages.at(-1);
  if (!last) return false;
  const loaded = (pages.length - 1) * size + last.items.length;
  return last.items.length === size && loaded < last.total;
}
