import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBalance } from '@northstar/shell-sdk';
import {
  casinoApi,
  casinoKey,
  CASINO_METHODS,
  type Game,
  type GameRound,
  type GamesQuery,
  type GameWinner,
  type Jackpot,
  type JackpotWinner,
  type ListOf,
} from '../shared/api.ts';
import { likesQuery } from '../shared/catalogue-queries.ts';
import { LIVE_REFRESH_MS, poolsIn } from './lobby-model.ts';

/**
 * The lobby's reads. Each is a plain query in the page's one QueryClient, so the shell's server
 * render fetches what the first screen asks for and the browser hydrates with it. Live figures
 * poll every LIVE_REFRESH_MS; react-query stops polling while the tab is hidden.
 */

export const gamesQuery = (options: GamesQuery) => ({
  queryKey: casinoKey('games', { options }),
  queryFn: async () =>
    (await casinoApi.send(CASINO_METHODS.games, {
      options: JSON.stringify(options),
    })) as ListOf<Game>,
});

export const jackpotsQuery = () => ({
  queryKey: casinoKey('jackpots'),
  queryFn: async () => (await casinoApi.send(CASINO_METHODS.jackpots, {})) as ListOf<Jackpot>,
  refetchInterval: LIVE_REFRESH_MS,
});

export const jackpotWinnersQuery = (jackpot: string | null, count: number) => {
  const params = { count, ...(jackpot ? { jackpot } : {}) };
  return {
    queryKey: casinoKey('jackpotWinners', params),
    queryFn: async () =>
      (await casinoApi.send(CASINO_METHODS.jackpotWinners, params)) as ListOf<JackpotWinner>,
    refetchInterval: LIVE_REFRESH_MS,
  };
};

export const winnersQuery = (sort: 'recent' | 'biggest', count: number) => {
  const params = { sort, count };
  return {
    queryKey: casinoKey('winners', params),
    queryFn: async () =>
      (await casinoApi.send(CASINO_METHODS.winners, params)) as ListOf<GameWinner>,
    refetchInterval: LIVE_REFRESH_MS,
  };
};

export function useGames(options: GamesQuery, enabled = true) {
  return useQuery({ ...gamesQuery(options), enabled, placeholderData: keepPreviousData });
}

/** The currency the visitor plays in: the player's balance currency, null for a visitor. */
export function usePlayerCurrency(): string | null {
  return useBalance().total?.currency ?? null;
}

/** Every jackpot's pool in the visitor's currency, live. */
export function useJackpotPools() {
  const currency = usePlayerCurrency();
  const query = useQuery(jackpotsQuery());
  return { ...query, pools: query.data ? poolsIn(query.data.items, currency) : undefined };
}

export function useJackpotWinners(jackpot: string | null, count: number) {
  return useQuery(jackpotWinnersQuery(jackpot, count));
}

export function useWinners(sort: 'recent' | 'biggest', count: number) {
  return useQuery({ ...winnersQuery(sort, count), placeholderData: keepPreviousData });
}

/** The player's last rounds (games/getHistory), for "continue playing". */
export function usePlayedRounds(enabled: boolean) {
  const params = { count: 40 };
  return useQuery({
    queryKey: casinoKey('history', params),
    queryFn: async () =>
      (await casinoApi.send(CASINO_METHODS.history, params)) as ListOf<GameRound>,
    enabled,
  });
}

/** The player's favourites: the one definition of their query (shared/catalogue-queries.ts). */
export function useLikes(enabled: boolean) {
  return useQuery({ ...likesQuery(), enabled });
}
