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
 * Looks up the SEO record of a page reached by client-side navigation and writes its title and
 * description into the head; `isCancelled` stops it when the player has moved on.
 */
export async function applyPageSeo(
  pathname: string,
  locale: string,
  routeId: RouteId | undefined,
  isCancelled: () => boolean,
): Promise<void> {
  const candidates = [seoUrlOf(pathname), routeSeoUrl(routeId)].filter(
    (url, index, all): url is string => url !== null && all.indexOf(url) === index,
  );
  let record: SeoRecord | null = null;
  for (const url of candidates) {
    record = await findSeo(url, locale);
    if (record || isCancelled()) break;
  }
  if (isCancelled()) return;
  document.title = record?.title ?? SITE_NAME;
  if (record?.description) setDescription(record.description);
}
