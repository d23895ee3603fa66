import type { MethodRef } from '@northstar/api-client/transport';
import type { ResponseOf } from '@northstar/contract';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  apiQueryKey,
  methodRef,
  pageApi,
  sessionAtom,
  useShellNavigation,
} from '@northstar/shell-sdk';

/**
 * The promo remote's `/api` calls through the page's one transport (shell-sdk's `pageApi`),
 * typed by the contract (only refs are bundled; the server checks every call), and its reads of
 * the content backend's promotions (§2 `/promotions`: content-backend pages, as the shell's slug
 * pages read `/cms/pages`).
 */
export const promoApi = pageApi;

export const PROMO_METHODS = {
  getoffers: methodRef('campaigns', 'getoffers'),
  takepromotions: methodRef('campaigns', 'takepromotions'),
  activateOffer: methodRef('campaigns', 'activateOffer'),
};

type Methods = typeof PROMO_METHODS;
type DefinitionOf<K extends keyof Methods> = Methods[K] extends MethodRef<infer M> ? M : never;
export type PromoResponse<K extends keyof Methods> = ResponseOf<DefinitionOf<K>>;
export type CampaignOffer = PromoResponse<'getoffers'>['items'][number];
export type Activation = PromoResponse<'activateOffer'>;
export type TakeAnswer = PromoResponse<'takepromotions'>;

export function useSignedIn(): boolean | null {
  const session = useAtomValue(sessionAtom);
  return session.status === 'unknown' ? null : session.status === 'signed-in';
}

/** `campaigns/getoffers`: keyed by who is on the site (a visitor sees every offer, §6). */
export function offersKey(signedIn: boolean | null) {
  return [...apiQueryKey('campaigns', 'getoffers', {}), signedIn] as const;
}

export function useOffers() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: offersKey(signedIn),
    queryFn: () => promoApi.send(PROMO_METHODS.getoffers),
    enabled: signedIn !== null,
  });
}

/** A promotion as the content backend holds it (its `promotions` type). */
export interface Promotion {
  slug: string;
  title: string;
  summary?: string;
  content?: string;
  order?: number;
}

async function readPromotions(
  locale: string,
  signal: AbortSignal,
  slug?: string,
): Promise<Promotion[]> {
  const search = new URLSearchParams({ locale, sort: 'order:asc', 'pagination[pageSize]': '50' });
  if (slug) search.set('filters[slug][$eq]', slug);
  const response = await fetch(`/cms/promotions?${search}`, { signal });
  if (!response.ok) throw new Error(`content backend answered ${response.status}`);
  return ((await response.json()) as { data: Promotion[] }).data;
}

const CONTENT_STALE_MS = 5 * 60_000;

export function usePromotions() {
  const { locale } = useShellNavigation();
  return useQuery({
    queryKey: ['cms', 'promotions', locale],
    queryFn: ({ signal }) => readPromotions(locale, signal),
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}

export function usePromotion(slug: string) {
  const { locale } = useShellNavigation();
  return useQuery({
    queryKey: ['cms', 'promotions', locale, slug],
    queryFn: async ({ signal }) => (await readPromotions(locale, signal, slug))[0] ?? null,
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}
