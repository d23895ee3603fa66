import type { InferOutput } from 'valibot';
import type { gameRound, historyExport } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';
import type { HistoryQuery } from './history-model.ts';

/** The history pages' `/api` calls (issue #25); only refs are bundled, the server checks all. */
export const HISTORY_METHODS = {
  getHistory: methodRef('games', 'getHistory'),
  getExports: methodRef('games', 'gethistoryexportrequest'),
  createExport: methodRef('games', 'createhistoryexportrequest'),
  getgeneralinfo: methodRef('metadata', 'getgeneralinfo'),
};

export const historyApi = pageApi;

/** The contract's `list()` types items as unknown: the item types come from their schemas. */
export type GameRound = InferOutput<typeof gameRound>;
export type HistoryExport = InferOutput<typeof historyExport>;

export const historyQuery = (query: HistoryQuery) => ({
  queryKey: apiQueryKey('games', 'getHistory', { ...query }),
  queryFn: async () =>
    (await historyApi.send(HISTORY_METHODS.getHistory, query)) as {
      total: number;
      items: GameRound[];
    },
});

export const exportsQuery = () => ({
  queryKey: apiQueryKey('games', 'gethistoryexportrequest'),
  queryFn: async () =>
    (await historyApi.send(HISTORY_METHODS.getExports)) as {
      total: number;
      items: HistoryExport[];
    },
});

export const generalInfoQuery = () => ({
  queryKey: apiQueryKey('metadata', 'getgeneralinfo'),
  queryFn: () => historyApi.send(HISTORY_METHODS.getgeneralinfo),
});
