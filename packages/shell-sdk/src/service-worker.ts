/**
 * What the platform and the shell's service worker (apps/shell/src/sw) agree on (issue #28).
 */

/**
 * The header on a page the server drew for a visitor (no session), with status 200: the only
 * pages the service worker keeps for offline. A signed-in player's pages never carry it.
 */
export const PAGE_CACHE_HEADER = 'x-page-cache';
export const PAGE_CACHE_VISITOR = 'visitor';

/** The offline page of a locale, as the platform draws it for the service worker to keep. */
export const OFFLINE_PAGE_PREFIX = '/_offline/';
export const offlinePageUrl = (locale: string) =>
  `${OFFLINE_PAGE_PREFIX}${encodeURIComponent(locale)}`;
