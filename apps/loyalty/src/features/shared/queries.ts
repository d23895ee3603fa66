import { useQuery } from '@tanstack/react-query';
import {
  loyaltyApi,
  loyaltyKey,
  LOYALTY_METHODS,
  useViewer,
  type Character,
  type ListOf,
  type LoyaltyInfo,
  type LoyaltyLevel,
  type LoyaltyProduct,
  type LoyaltyProgram,
} from './api.ts';

/**
 * The loyalty pages' reads (issue #27): plain queries in the page's one QueryClient, so the
 * shell's server render fetches the first screen's data and the browser hydrates with it. What a
 * player sees differently from a visitor (progress, prices) is keyed by the viewer's uid, so a
 * sign-out never shows it to the next one.
 */

/** getinfo: the same cache entry as the shell's start-up call (§7). Players only. */
export const infoQuery = () => ({
  queryKey: loyaltyKey('info'),
  queryFn: async () => (await loyaltyApi.send(LOYALTY_METHODS.info)) as LoyaltyInfo,
});

export function useLoyaltyInfo() {
  const viewer = useViewer();
  return useQuery({ ...infoQuery(), enabled: viewer !== null && viewer > 0 });
}

/** The level table (getlevels, public): what a visitor sees of the levels. */
export function useLevels(enabled: boolean) {
  return useQuery({
    queryKey: loyaltyKey('levels'),
    queryFn: async () => (await loyaltyApi.send(LOYALTY_METHODS.levels)) as ListOf<LoyaltyLevel>,
    enabled,
  });
}

/** getcharacters with the method's defaults: the start-up's cache entry (§7). */
export function useCharacters(enabled: boolean) {
  return useQuery({
    queryKey: loyaltyKey('characters'),
    queryFn: async () =>
      (await loyaltyApi.send(LOYALTY_METHODS.characters)) as ListOf<Character> & {
        offset: number;
        limit: number;
      },
    enabled,
  });
}

export const programsQuery = (viewer: number) => ({
  queryKey: loyaltyKey('programs', { viewer }),
  queryFn: async () => (await loyaltyApi.send(LOYALTY_METHODS.programs)) as ListOf<LoyaltyProgram>,
});

export function usePrograms() {
  const viewer = useViewer();
  return useQuery({ ...programsQuery(viewer ?? 0), enabled: viewer !== null });
}

export const programQuery = (sysname: string, viewer: number) => ({
  queryKey: loyaltyKey('program', { sysname, viewer }),
  queryFn: async () =>
    (await loyaltyApi.send(LOYALTY_METHODS.program, { sysname })) as LoyaltyProgram,
});

export function useProgram(sysname: string) {
  const viewer = useViewer();
  return useQuery({
    ...programQuery(sysname, viewer ?? 0),
    enabled: viewer !== null,
    retry: false,
  });
}

export const productsQuery = (viewer: number) => ({
  queryKey: loyaltyKey('products', { viewer }),
  queryFn: async () => (await loyaltyApi.send(LOYALTY_METHODS.products)) as ListOf<LoyaltyProduct>,
});

export function useProducts() {
  const viewer = useViewer();
  return useQuery({ ...productsQuery(viewer ?? 0), enabled: viewer !== null });
}
