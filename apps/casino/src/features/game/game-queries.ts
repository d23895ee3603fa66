import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InferOutput } from 'valibot';
import type { freespinPack, provider } from '@northstar/contract';
import { apiQueryKey, methodRef, useBalance } from '@northstar/shell-sdk';
import { casinoApi, casinoKey, CASINO_METHODS, type Game } from '../shared/api.ts';
import { summaryMoved } from './session-figures.ts';

/** The game page's own calls beside the casino's shared ones. */
const GAME_METHODS = {
  sessionSummary: methodRef('games', 'getSessionSummary'),
  selfExclusion: methodRef('account', 'getSelfExclusion'),
};

/** The game of the page, or null when the catalogue has no such game on offer (the 404). */
export const gameQuery = (sysname: string) => {
  const params = { options: JSON.stringify({ sysname, limit: 1 }) };
  return {
    queryKey: casinoKey('games', params),
    queryFn: async (): Promise<Game | null> => {
      const page = await casinoApi.send(CASINO_METHODS.games, params);
      const [game] = page.items as Game[];
      // games/get filters by sysname; a different answer is still "no such game".
      return game?.sysname === sysname ? game : null;
    },
  };
};

export function useGame(sysname: string) {
  return useQuery(gameQuery(sysname));
}

/**
 * A provider's display name, from games/getProviders: the shell's start-up answer under the same
 * key (§7 start-up), so the page asks nothing more. The sysname while it is not known.
 */
export function useProviderName(sysname: string): string {
  const query = useQuery({
    queryKey: casinoKey('providers'),
    queryFn: () => casinoApi.send(CASINO_METHODS.providers, {}),
  });
  const providers = (query.data?.items ?? []) as InferOutput<typeof provider>[];
  return providers.find((item) => item.sysname === sysname)?.name ?? sysname;
}

/** §9 freespins fetch count 99. Every status: a pack is `received`, then `active` once begun. */
const FREESPIN_PARAMS = { count: 99 };

/** The spins the player has left on this game (free-spin packs not used up), 0 for none. */
export function useFreespinsLeft(sysname: string, enabled: boolean): number {
  const query = useQuery({
    queryKey: casinoKey('freespins', FREESPIN_PARAMS),
    queryFn: () => casinoApi.send(CASINO_METHODS.freespins, FREESPIN_PARAMS),
    enabled,
  });
  if (!enabled || !query.data) return 0;
  // The contract's `list()` types items as unknown; a pack's type is read from its schema.
  return (query.data.items as InferOutput<typeof freespinPack>[])
    .filter(
      (pack) =>
        pack.game.sysname === sysname &&
        pack.remaining_count > 0 &&
        (pack.status === 'received' || pack.status === 'active'),
    )
    .reduce((sum, pack) => sum + pack.remaining_count, 0);
}

/** The player's self-exclusion: while it lasts there is no real-money play (the page says so). */
export function useSelfExclusion(enabled: boolean) {
  return useQuery({
    queryKey: apiQueryKey('account', 'getSelfExclusion'),
    queryFn: () => casinoApi.send(GAME_METHODS.selfExclusion),
    enabled,
  });
}

/** How often the session's figures are read again while the page is in sight (the 2.5 s pace). */
export const SESSION_POLL_MS = 4_000;

const subscribeNothing = () => () => undefined;

/**
 * The real-money session of this page visit (UK RTS 14 and 2E), for `player` (null: none now,
 * in fun mode, for a visitor, on the server). It starts by the server's clock on the first ask
 * (an answer kept while the page is open: back from fun mode, the same session goes on), then is
 * read again every few seconds while the tab is in sight (react-query pauses a hidden tab's
 * interval) and on focus. The game frame tells the page nothing, so polling is how the header
 * learns of a round; when money moved, the balance is asked again too, which the shell does not
 * poll on game pages (§4). `startedAt` is when the session began by the page's own clock.
 */
export function useSessionSummary(player: string | null) {
  // Never on the server: a session begins when the player sees the game.
  const inBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const session = useId();
  const enabled = player !== null && inBrowser;
  const start = useQuery({
    queryKey: apiQueryKey('games', 'getSessionSummary', { session, player }),
    queryFn: () => casinoApi.send(GAME_METHODS.sessionSummary),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  const since = start.data?.since;
  const summary = useQuery({
    queryKey: apiQueryKey('games', 'getSessionSummary', { since, player }),
    queryFn: () => casinoApi.send(GAME_METHODS.sessionSummary, { since: since! }),
    enabled: enabled && since !== undefined,
    initialData: start.data,
    refetchInterval: SESSION_POLL_MS,
    gcTime: 0,
  });
  const { refresh } = useBalance();
  const previous = useRef(summary.data);
  useEffect(() => {
    if (summaryMoved(previous.current, summary.data)) void refresh();
    previous.current = summary.data;
  }, [summary.data, refresh]);
  if (!enabled || !start.data) return null;
  return { startedAt: start.dataUpdatedAt, data: summary.data };
}
