import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  cashierApi,
  cashierKey,
  cashierKeyPrefix,
  CASHIER_METHODS,
  type HistoryPage,
  type HistoryType,
} from '../shared/api.ts';
import { HISTORY_PAGE_SIZE, pageOffsets, RECENT_COUNT } from './history-model.ts';

/** One page of cashier/gethistory. */
export const historyPageQuery = (type: HistoryType | undefined, offset: number, count: number) => {
  const params = { offset, count, ...(type ? { type } : {}) };
  return {
    queryKey: cashierKey('gethistory', params),
    queryFn: async (): Promise<HistoryPage> => {
      const page = await cashierApi.send(CASHIER_METHODS.gethistory, params);
      return page as HistoryPage;
    },
  };
};

/** The first `pages` pages of a history tab (page size 4, §9). */
export function useHistoryPages(type: HistoryType, pages: number) {
  return useQueries({
    queries: pageOffsets(pages).map((offset) => historyPageQuery(type, offset, HISTORY_PAGE_SIZE)),
  });
}

/** §4 "switching a history tab clears and reloads it": drops every page of that tab. */
export function useClearHistoryTab(): (type: HistoryType) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (type: HistoryType) => {
      queryClient.removeQueries({
        queryKey: cashierKeyPrefix('gethistory'),
        predicate: (query) => (query.queryKey[3] as { type?: string } | undefined)?.type === type,
      });
    },
    [queryClient],
  );
}

/** The 4 latest transactions of every kind (§9 recent transactions). */
export function useRecentTransactions() {
  return useQuery(historyPageQuery(undefined, 0, RECENT_COUNT));
}

/** Deposits minus paid withdrawals, lifetime and the last 12 months. */
export function useNetDeposits() {
  return useQuery({
    queryKey: cashierKey('getnetdeposits'),
    queryFn: () => cashierApi.send(CASHIER_METHODS.getnetdeposits),
  });
}
