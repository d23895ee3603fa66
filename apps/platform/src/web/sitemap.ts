import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { ApiError } from '@northstar/errors';
import { localizePath, type Locale } from '@northstar/i18n/locales';
import { matchRoute } from '@northstar/shell-sdk/page-rules';
import type { AppContext } from '../context.ts';
import { CONTENT_TYPES, findEntries, parseContentQuery, siteLocales } from '../content/index.ts';
import { activeGameSysnames } from '../games/index.ts';
import { domainSettings, SITEMAP_PATH } from './page-head.ts';
import { isDisallowed } from './robots.ts';
import type { SiteOrigin } from './site-origin.ts';

/**
 * `/sitemap.xml` (sitemaps.org 0.9): the public pages of the site in every locale, each `<url>`
 * with its `xhtml:link rel="alternate" hreflang` set (every locale the page exists in, and
 * `x-default` for the default locale), as the pages' own heads have them (page-head.ts):
 *
 * - `/`, `/gamehall`, `/providers`, `/jackpots`, `/promotions` in every site locale;
 * - every published slug page (§2 `/{slug}`) in the locales it is published in (a slug page has
 *   no page in a locale without its entry: page-rules.ts answers 404 there);
 * - every game page `/game/{sysname}` of the games the catalogue offers (modules/games). The
 *   address is the page's own, the one players open and that answers 200; the §9 canonical link
 *   the page carries (`/platform/game/…`) is the page head's business.
 *
 * URLs are absolute on the site's origin (site-origin.ts: PUBLIC_URL, SITE_HOSTS, else the
 * listening address; never a Host as sent), the default locale without prefix (§2: `/en-US/x` is
 * a 301 to `/x`), the others with theirs. A URL the host's robots rules disallow (page-head.ts's
 * `Disallow` reading, the same that marks a page `noindex`) is left out, and out of the
 * alternates of the others.
 *
 * Limits (sitemaps.org): 50,000 URLs and 50 MB (uncompressed) a file. Past either, `/sitemap.xml`
 * is a sitemap index of `/sitemap-1.xml`, `/sitemap-2.xml`, … (the 1,512 demo games in 4
 * locales, about 6,100 URLs and 4 MB, fit one file). No `lastmod`: the catalogue keeps no change
 * date of a page, and a wrong one is worse for crawlers than none.
 *
 * Caching: `public, max-age=300`, as robots.txt: a CDN or crawler keeps it five minutes, so a
 * page published or a game switched on shows up within minutes while repeated fetches cost
 * nothing. Behind that, the process keeps the built files a minute (a sitemap index and its
 * parts are then one consistent set, and a burst of requests builds once); a content write on
 * this process (`/cms`) drops them at once.
 */

export const SITEMAP_CACHE_CONTROL = 'public, max-age=300';

/** sitemaps.org's limits of one file, less a margin of bytes for the index's own lines. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 - 64 * 1024 };

export interface SitemapLimits {
  urls: number;
  bytes: number;
}

const MEMO_MS = 60_000;

/** The top-level pages of the site, in every locale. */
const SITE_PAGES = ['/', '/gamehall', '/providers', '/jackpots', '/promotions'];

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
  'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const TAIL = '</urlset>\n';

interface SitemapPage {
  /** The path without a locale prefix. */
  path: string;
  /** The locales the page exists in; null for all of the site's. */
  locales: string[] | null;
}

export interface SitemapFiles {
  /** The sitemap index, when the URLs take more than one file. */
  index: string | null;
  /** The urlset files, `/sitemap-{n}.xml` is `files[n - 1]` (one: `/sitemap.xml` itself). */
  files: string[];
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Every published slug page (`pages` entries) and the locales it is published in. */
async function slugPages(app: AppContext, locales: string[]): Promise<SitemapPage[]> {
  const pages = CONTENT_TYPES.get('pages')!;
  const bySlug = new Map<string, string[]>();
  for (const locale of locales) {
    for (let page = 1; ; page++) {
      const query = parseContentQuery(
        qs.stringify(
          {
            fields: ['slug'],
            locale,
            sort: ['slug:asc'],
            pagination: { page, pageSize: 100, withCount: false },
          },
          { encodeValuesOnly: true },
        ),
        pages.relations,
      );
      const found = await findEntries(app, pages, query);
      for (const entry of found.data) {
        const slug = typeof entry.slug === 'string' ? entry.slug : null;
        // A slug that is the name of another route (`/gamehall`) is never the slug page.
        if (slug === null || matchRoute(`/${slug}`)?.id !== 'slug') continue;
        bySlug.set(slug, [...(bySlug.get(slug) ?? []), locale]);
      }
      if (found.data.length < 100) break;
    }
  }
  return [...bySlug].map(([slug, found]) => ({ path: `/${slug}`, locales: found }));
}

/** The `<url>` entries of the pages, each page once per locale it may be indexed in. */
export function sitemapEntries(
  pages: readonly SitemapPage[],
  site: { origin: string; locales: string[]; defaultLocale: string; robots: string },
): string[] {
  const entries: string[] = [];
  for (const page of pages) {
    const urls = (page.locales ?? site.locales)
      .filter((locale) => site.locales.includes(locale))
      .map((locale) => ({ locale, path: localizePath(page.path, locale as Locale) }))
      .filter(({ path }) => site.robots === '' || !isDisallowed(site.robots, [path, page.path]))
      .map(({ locale, path }) => ({ locale, href: escapeXml(site.origin + path) }));
    const links = urls.map(
      ({ locale, href }) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(locale)}" href="${href}"/>`,
    );
    const fallback = urls.find(({ locale }) => locale === site.defaultLocale);
    if (fallback) {
      links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${fallback.href}"/>`);
    }
    for (const { href } of urls) {
      entries.push(`<url><loc>${href}</loc>${links.join('')}</url>\n`);
    }
  }
  return entries;
}

/** The entries in files within the limits, and an index of them when there are several. */
export function sitemapFiles(
  entries: readonly string[],
  origin: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): SitemapFiles {
  const files: string[] = [];
  let current: string[] = [];
  let bytes = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  const flush = () => {
    files.push(HEAD + current.join('') + TAIL);
    current = [];
    bytes = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  };
  for (const entry of entries) {
    const size = Buffer.byteLength(entry);
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      flush();
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0 || files.length === 0) flush();
  if (files.length === 1) return { index: null, files };
  const index =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (_file, n) =>
          `<sitemap><loc>${escapeXml(`${origin}${sitemapPartPath(n + 1)}`)}</loc></sitemap>\n`,
      )
      .join('') +
    '</sitemapindex>\n';
  return { index, files };
}

export const sitemapPartPath = (n: number) => `/sitemap-${n}.xml`;

/** The site's sitemap for the origin (and host, whose robots rules apply). */
export async function buildSitemap(
  app: AppContext,
  site: SiteOrigin,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<SitemapFiles> {
  const { rows, defaultLocale } = await siteLocales(app);
  const locales = rows.map((row) => row.code);
  const [domain, slugs, games] = await Promise.all([
    domainSettings(app, site.host.replace(/:\d+$/, ''), site.host, [defaultLocale]),
    slugPages(app, locales),
    activeGameSysnames(app),
  ]);
  const pages: SitemapPage[] = [
    ...SITE_PAGES.map((path) => ({ path, locales: null })),
    ...slugs,
    ...games.map((sysname) => ({
      path: `/game/${encodeURIComponent(sysname)}`,
      locales: null,
    })),
  ];
  const robots = typeof domain?.robots === 'string' ? domain.robots : '';
  const entries = sitemapEntries(pages, { origin: site.origin, locales, defaultLocale, robots });
  return sitemapFiles(entries, site.origin, limits);
}

/** The built sitemaps per origin and host, a minute, per database (one per test server too). */
const memos = new WeakMap<object, Map<string, { at: number; files: Promise<SitemapFiles> }>>();

function memoOf(app: AppContext) {
  let memo = memos.get(app.database);
  if (!memo) {
    memo = new Map();
    memos.set(app.database, memo);
  }
  return memo;
}

function cachedSitemap(app: AppContext, site: SiteOrigin): Promise<SitemapFiles> {
  const memo = memoOf(app);
  const key = `${site.origin} ${site.host}`;
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && now - hit.at < MEMO_MS) return hit.files;
  const files = buildSitemap(app, site);
  memo.set(key, { at: now, files });
  // A failed build is not kept: the next request tries again.
  files.catch(() => memo.delete(key));
  return files;
}

/** `/sitemap.xml` and its parts; `siteOf` is the web domain's origin rule (site-origin.ts). */
export function registerSitemap(
  server: FastifyInstance,
  app: AppContext,
  siteOf: (request: FastifyRequest) => SiteOrigin,
): void {
  server.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      /^\/cms(?:\/|\?|$)/.test(request.url) &&
      reply.statusCode < 400
    ) {
      memos.delete(app.database);
    }
    return payload;
  });

  server.get(SITEMAP_PATH, async (request, reply) => {
    const { index, files } = await cachedSitemap(app, siteOf(request));
    return reply
      .header('cache-control', SITEMAP_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(index ?? files[0]);
  });

  server.get<{ Params: { part: string } }>('/sitemap-:part(^\\d+).xml', async (request, reply) => {
    const { index, files } = await cachedSitemap(app, siteOf(request));
    const part = Number(request.params.part);
    // Parts exist only behind an index: with one file, `/sitemap.xml` is the sitemap.
    const file = index !== null && Number.isSafeInteger(part) ? files[part - 1] : undefined;
    if (file === undefined) throw new ApiError('MethodNotFound', `No sitemap part ${part}`);
    return reply
      .header('cache-control', SITEMAP_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(file);
  });
}
