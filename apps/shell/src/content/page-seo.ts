import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import type { RouteId } from '@northstar/shell-sdk';

/**
 * Keeps the page's title and description on the content backend's SEO record as the player
 * navigates (§7): the record whose url is the current path (locale prefix and trailing slash
 * removed), else the one of the route's own url; the first result wins. The first page's head
 * comes from the server already, so the first run only fetches when the route changes.
 */
export function usePageSeo(pathname: string, locale: string): void {
  const matches = useMatches();
  const routeId = (matches.at(-1)?.handle as { routeId?: RouteId } | undefined)?.routeId;
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let cancelled = false;
    void (async () => {
      try {
        // The lookup's code comes with the first client-side navigation, not the first screen.
        const { applyPageSeo } = await import('./page-seo-apply.ts');
        await applyPageSeo(pathname, locale, routeId, () => cancelled);
      } catch {
        // The head keeps what it has: SEO never breaks a page (§8 fails softly).
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pathname, locale, routeId]);
}
