import { PAGE_CACHE_HEADER, PAGE_CACHE_VISITOR } from '@northstar/shell-sdk/service-worker';

/**
 * What the service worker (sw.ts) does with each request: pure rules, unit-tested here and read
 * by the worker. Nothing of a player's is ever cached: no `/api` answer, no page the server drew
 * for a signed-in player (the server marks the pages it drew for a visitor, `PAGE_CACHE_HEADER`),
 * no payment, wallet, sign-in or content-backend call.
 */

/** How a request is answered. */
export type CachePlan =
  /** The page: the network first; offline, the page as last drawn for a visitor, else offline. */
  | 'page'
  /** Images (resized by `/_ipx`, the game art, banners): the cache at once, refreshed behind. */
  | 'image'
  /** The site's texts and config (`/nfx`): the cache at once, refreshed behind. */
  | 'content'
  /** A remote's content-hashed code and styles: the cache, forever (the name changes). */
  | 'code'
  /** What names the current code (`/remotes.json`, a remote's `mf-manifest.json`): the network first. */
  | 'code-manifest'
  /** Everything else: straight to the network, never cached. */
  | 'network';

/** Paths the worker never answers from a cache, whatever they look like. */
const NEVER =
  /^\/(?:api|cms|platform|wallet|payments|oauth|dev|metrics|health|readyz|healthz|hit|uploads\/private|sw\.js|latest\.json)(?:[/?.]|$)/;

const IMAGE_FILE = /\.(?:png|jpe?g|webp|avif|gif|svg|ico)$/i;
const HASHED_CODE = /\.[0-9a-f]{8,}\.(?:js|css|woff2?)$/;

export interface RequestFacts {
  method: string;
  /** `Request.mode`: 'navigate' for a page load. */
  mode: string;
  /** `Request.destination`: 'image', 'script', 'document', … */
  destination: string;
}

export function planFor(url: URL, request: RequestFacts, origin: string): CachePlan {
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  const path = url.pathname;
  if (NEVER.test(path)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (path.startsWith('/_ipx/') || path.startsWith('/originals/art/')) return 'image';
  if (path.startsWith('/nfx/')) return 'content';
  if (path === '/remotes.json' || path.endsWith('/mf-manifest.json')) return 'code-manifest';
  if (path.startsWith('/remotes/') && HASHED_CODE.test(path)) return 'code';
  if (request.destination === 'image' || IMAGE_FILE.test(path)) return 'image';
  return 'network';
}

/** Whether a page's answer may be kept for offline: a 200 the server drew for a visitor. */
export function isKeepablePage(response: { status: number; headers: Headers }): boolean {
  return response.status === 200 && response.headers.get(PAGE_CACHE_HEADER) === PAGE_CACHE_VISITOR;
}

/** The locales of the site as `/nfx/i18n/locales` answers them. */
export interface SiteLocales {
  locales: readonly string[];
  defaultLocale: string;
}

/** The locale a path is in: its prefix when it is a site locale, else the default one. */
export function localeOfPath(pathname: string, site: SiteLocales): string {
  const first = pathname.split('/')[1] ?? '';
  return site.locales.includes(first) ? first : site.defaultLocale;
}

/** Reads `/nfx/i18n/locales` (`{ locales: [{ code } | string], defaultLocale }`). */
export function readSiteLocales(body: unknown): SiteLocales | null {
  if (typeof body !== 'object' || body === null) return null;
  const { locales, defaultLocale } = body as { locales?: unknown; defaultLocale?: unknown };
  if (!Array.isArray(locales) || typeof defaultLocale !== 'string') return null;
  const codes = locales
    .map((entry: unknown) =>
      typeof entry === 'string'
        ? entry
        : typeof entry === 'object' && entry !== null && 'code' in entry
          ? String((entry as { code: unknown }).code)
          : null,
    )
    .filter((code): code is string => code !== null && /^[a-z]{2}(?:-[A-Z]{2})?$/.test(code));
  return codes.length > 0 ? { locales: codes, defaultLocale } : null;
}
