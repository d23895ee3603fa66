import { useQuery } from '@tanstack/react-query';
import type {
  CmsConfigResponse,
  CmsLink,
  CmsMenuKey,
  LocalesResponse,
  SiteConfigSectionName,
  SiteConfigSections,
} from '@northstar/contract';
import { useShellNavigation } from './navigation.ts';

export type {
  CmsConfigResponse,
  CmsLink,
  CmsMenuKey,
  LocalesResponse,
  SiteConfigSectionName,
  SiteConfigSections,
};

/**
 * What the shell and every remote read from the content backend at start-up (§3, §7 "Other"):
 * the site config with the common content, and the locale list. The queries live in the page's
 * one QueryClient (react-query is a shared singleton), so the shell's start-up fetch is the
 * only one and remotes read the same answer. Loading fails softly (§8): a failed read answers
 * `undefined`, and callers keep their built-in defaults.
 */
async function getJson<T>(path: string, signal: AbortSignal): Promise<T | null> {
  const response = await fetch(path, { signal, headers: { Accept: 'application/json' } });
  return response.ok ? ((await response.json()) as T) : null;
}

/** Content changes rarely; five minutes between reads (and no retry: §7 content backend). */
const CONTENT_STALE_MS = 5 * 60_000;

export const siteContentQuery = (locale: string) => ({
  queryKey: ['nfx', 'cms-config', locale] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getJson<CmsConfigResponse>(`/nfx/cms-config/${encodeURIComponent(locale)}`, signal),
  staleTime: CONTENT_STALE_MS,
  retry: false,
});

export const siteLocalesQuery = () => ({
  queryKey: ['nfx', 'locales'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getJson<LocalesResponse>('/nfx/i18n/locales', signal),
  staleTime: CONTENT_STALE_MS,
  retry: false,
});

/** The site config and common content of the current locale; `undefined` until (or unless) loaded. */
export function useSiteContent(): CmsConfigResponse | undefined {
  const { locale } = useShellNavigation();
  return useQuery(siteContentQuery(locale)).data ?? undefined;
}

/** The site's locales as the content backend lists them; `undefined` until (or unless) loaded. */
export function useSiteLocales(): LocalesResponse | undefined {
  return useQuery(siteLocalesQuery()).data ?? undefined;
}

/**
 * One menu of the common content (§3), or null while it is unknown, so the caller can keep its
 * built-in menu. An operator's empty menu is an empty list: the menu is hidden on purpose.
 */
export function useCmsLinks(key: CmsMenuKey): CmsLink[] | null {
  const links = useSiteContent()?.commonContent[key];
  if (!Array.isArray(links)) return null;
  return links.filter((link) => typeof link.label === 'string' && typeof link.url === 'string');
}

/** An absolute `http(s)` URL leaves the site; anything else is a site path. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The contract's section defaults, loaded the first time a page has no site config to read (a
 * client-rendered page before `/nfx/cms-config` answers, a locale whose config is on the way, a
 * failed read). Not in the first screen's JS: a server-rendered page hydrates with the config
 * (the shell's `/` budget, #23).
 */
let sectionDefaults: SiteConfigSections | undefined;
let loadingDefaults: Promise<unknown> | undefined;

/**
 * One section of the site config (§3) that remotes read: typed and already defaulted by the
 * platform (`/nfx/cms-config` reads the operator's entry with the contract's schemas), so no
 * schema reaches the browser. Until (or unless) the locale's config has loaded: the contract's
 * defaults (the first time, the page waits the moment they take to download: Suspense).
 */
export function useSiteConfig<S extends SiteConfigSectionName>(section: S): SiteConfigSections[S] {
  const config = useSiteContent()?.siteConfig ?? sectionDefaults;
  if (config) return config[section];
  throw (loadingDefaults ??= import('@northstar/contract/site-config-defaults').then(
    (module) => (sectionDefaults = module.default),
  ));
}
