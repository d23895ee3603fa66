import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '@northstar/shell-sdk';
import {
  casinoApi,
  casinoKey,
  casinoKeyPrefix,
  CASINO_METHODS,
  type ListOf,
  type Tournament,
} from '../shared/api.ts';
import type { Board, TournamentTab } from './tournament-model.ts';

/**
 * The tournament pages' reads (issue #27). Plain queries in the page's one QueryClient, so the
 * shell's server render fetches the first screen's data and the browser hydrates with it. Their
 * keys carry the viewer (the player's uid, 0 for a visitor): `user_info` and the board's `me`
 * are the signed-in player's, and must not be shown to the next one after a sign-out.
 */

/** How many tournaments a tab lists (an operator runs a handful at a time). */
export const TOURNAMENTS_SHOWN = 50;

export function useViewer(): number {
  const session = useAtomValue(sessionAtom);
  return session.status === 'signed-in' ? session.user.uid : 0;
}

export const tournamentsQuery = (status: TournamentTab, viewer: number) => {
  const params = { status, count: TOURNAMENTS_SHOWN };
  return {
    queryKey: casinoKey('tournaments', { ...params, viewer }),
    queryFn: async () =>
      (await casinoApi.send(CASINO_METHODS.tournaments, params)) as ListOf<Tournament>,
  };
};

export const tournamentQuery = (id: number, viewer: number) => ({
  queryKey: casinoKey('tournaments', { ids: String(id), viewer }),
  queryFn: async () => {
    const answer = (await casinoApi.send(CASINO_METHODS.tournaments, {
      ids: String(id),
    })) as ListOf<Tournament>;
    return answer.items[0] ?? null;
  },
});

export const liveBoardQuery = (id: number, viewer: number) => ({
  queryKey: casinoKey('leaderboardLive', { id, viewer }),
  queryFn: async () =>
    (await casinoApi.send(CASINO_METHODS.leaderboardLive, { id })) as Board | null,
});

export function useTournaments(status: TournamentTab) {
  return useQuery({ ...tournamentsQuery(status, useViewer()), placeholderData: keepPreviousData });
}

export function useTournament(id: number) {
  return useQuery(tournamentQuery(id, useViewer()));
}

export function useLiveBoard(id: number) {
  return useQuery(liveBoardQuery(id, useViewer()));
}

/**
 * §7 participate (`tournament_id`, success `data: 1`). §4: afterwards the tournament is read
 * again wherever it is listed (the active and future lists, its own page) and its board, so the
 * player's entry shows at once.
 */
export function useParticipate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await casinoApi.send(CASINO_METHODS.participate, { tournament_id: id })) as number,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: casinoKeyPrefix('tournaments') }),
        queryClient.invalidateQueries({ queryKey: casinoKeyPrefix('leaderboardLive') }),
      ]);
    },
  });
}
