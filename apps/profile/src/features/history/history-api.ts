import type { InferOutput } from 'valibot';
import type { gameRound, historyExport, sbBet } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';
import type { HistoryQuery } from './history-model.ts';

/** The history pages' `/api` calls (issue #25); only refs are bundled, the server checks all. */
export const HISTORY_METHODS = {
  getHistory: methodRef('games', 'getHistory'),
  getExports: methodRef('games', 'gethistoryexportrequest'),
  createExport: methodRef('games', 'createhistoryexportrequest'),
  getgeneralinfo: methodRef('metadata', 'getgeneralinfo'),
  /** The sportsbook's bets (issue #29), in the same history. */
  getBets: methodRef('sportsbook', 'getBets'),
};

export const historyApi = pageApi;

/** The contract's `list()` types items as unknown: the item types come from their schemas. */
export type GameRound = InferOutput<typeof gameRound>;
export type HistoryExport = InferOutput<typeof historyExport>;
export type SportsBet = InferOutput<typeof sbBet>;

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

/** A page of the player's sports bets, newest first, placed within the period's days. */
export const sportsBetsQuery = (query: {
  offset: number;
  count: number;
  from?: string;
  to?: string;
}) => ({
  queryKey: apiQueryKey('sportsbook', 'getBets', { status: 'all', ...query }),
  queryFn: async () =>
    (await historyApi.send(HISTORY_METHODS.getBets, { status: 'all', ...query })) as {
      total: number;
      items: SportsBet[];
    },
});
