import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '@northstar/shell-sdk';
import { casinoApi, casinoKey, CASINO_METHODS, type ListOf, type Provider } from './api.ts';

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
