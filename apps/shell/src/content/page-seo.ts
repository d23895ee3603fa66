import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import { ROUTES, type RouteId } from '@northstar/shell-sdk';
import { seoUrlOf } from '@northstar/i18n/locales';

interface SeoRecord {
  title?: string;
  description?: string;
}

/** The title of a page with no SEO record of its own. */
const SITE_NAME = 'Northstar';

/** A route's own SEO url: its pattern up to the first parameter (`/game/:sysname` → `/game`). */
function routeSeoUrl(routeId: RouteId | undefined): string | null {
  if (!routeId) return null;
  const stem = ROUTES[routeId].pattern.split('/:')[0] ?? '';
  return stem === '' ? null : stem;
}

async function findSeo(url: string, locale: string): Promise<SeoRecord | null> {
  const search = new URLSearchParams({
    'filters[url][$eq]': url,
    locale,
    'fields[0]': 'title',
    'fields[1]': 'description',
    'pagination[pageSize]': '1',
  });
  const response = await fetch(`/cms/seos?${search}`);
  if (!response.ok) return null;
  return ((await response.json()) as { data: SeoRecord[] }).data[0] ?? null;
}

function setDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

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
        const candidates = [seoUrlOf(pathname), routeSeoUrl(routeId)].filter(
          (url, index, all): url is string => url !== null && all.indexOf(url) === index,
        );
        let record: SeoRecord | null = null;
        for (const url of candidates) {
          record = await findSeo(url, locale);
          if (record || cancelled) break;
        }
        if (cancelled) return;
        document.title = record?.title ?? SITE_NAME;
        if (record?.description) setDescription(record.description);
      } catch {
        // The head keeps what it has: SEO never breaks a page (§8 fails softly).
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pathname, locale, routeId]);
}
