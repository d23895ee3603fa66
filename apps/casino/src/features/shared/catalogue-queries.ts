import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '@northstar/shell-sdk';
import {
  casinoApi,
  casinoKey,
  CASINO_METHODS,
  type CasinoResponse,
  type ListOf,
  type Provider,
} from './api.ts';

/**
 * The catalogue's lists every casino page reads (the hall, the lobby pages, the home's rows): one
 * definition per query key, so every page asks for them the same way and shares one cached answer.
 */

/** The catalogue's lists change with a deploy, not by the minute. */
const LIST_STALE_MS = 10 * 60_000;

export const categoriesQuery = () => ({
  queryKey: casinoKey('categories'),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await casinoApi.send(CASINO_METHODS.categories, {}, { signal })) as ListOf<{
      sysname: string;
      count: number;
    }>,
  staleTime: LIST_STALE_MS,
});

export const providersQuery = () => ({
  queryKey: casinoKey('providers'),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await casinoApi.send(CASINO_METHODS.providers, {}, { signal })) as ListOf<Provider>,
  staleTime: LIST_STALE_MS,
});

export const likesKey = () => casinoKey('likes');

/** games/getLikes' answer, `{ sysnames }`. */
export type Likes = CasinoResponse<'likes'>;

/**
 * The signed-in player's favourites (games/getLikes); nothing is asked for a visitor. The key is
 * the shell's start-up key for games/getLikes (§7 start-up prefetches it for a player), so what
 * is cached under it is always the method's whole answer, `{ sysnames }`, whoever fetched it:
 * the hall once cached the bare list under the same key, and a tile that read the shell's answer
 * (a client navigation after the start-up) called `.includes` on an object (issue #22).
 */
export const likesQuery = () => ({
  queryKey: likesKey(),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Likes> =>
    casinoApi.send(CASINO_METHODS.likes, {}, { signal }),
});

export function useCategories() {
  return useQuery(categoriesQuery());
}

export function useProviders() {
  return useQuery(providersQuery());
}

/** Provider display names by sysname (the tiles show the name, the catalogue gives sysnames). */
export function useProviderNames(): ReadonlyMap<string, string> {
  const { data } = useProviders();
  return useMemo(
    () => new Map((data?.items ?? []).map((provider) => [provider.sysname, provider.name])),
    [data],
  );
}

export function useSignedIn(): boolean {
  return useAtomValue(sessionAtom).status === 'signed-in';
}
