import qs from 'qs';
import { localizePath, seoUrlOf, splitLocalePath, type Locale } from '@northstar/i18n/locales';
import type { AppContext } from '../context.ts';
import {
  CONTENT_TYPES,
  entriesOf,
  findEntries,
  parseContentQuery,
  siteLocales,
  type ContentEntry,
  type RelationTree,
} from '../content/index.ts';
import { isDisallowed } from './robots.ts';
import type { SiteOrigin } from './site-origin.ts';
import type { CustomCode, LinkTag, MetaTag, PageHead } from './render-head.ts';
import { isRecord } from '../lib/input.ts';

/**
 * The head of a page (architecture.md "How a request flows" step 1), read from the content
 * backend through its own store functions:
 *
 * - the `seos` entry whose `url` is the request path without its locale prefix and trailing
 *   slash, in the path's locale, else in the default locale (§7); none keeps the built title and
 *   description;
 * - the domain SEO settings of the request host (else the first entry): their meta list, and
 *   their robots rules, a matching `Disallow` giving `noindex, follow` (§9);
 * - the enabled custom-code entries (§3; position default bodyEnd) and the web settings' favicons.
 *
 * Canonical URL (§9): the site's origin (site-origin.ts: PUBLIC_URL, else a Host of SITE_HOSTS, else
 * the listening address; never a Host as the caller sent it), the record's `canonical` path (else the
 * page path) in the page's locale, the query dropped and trailing slashes stripped. A game page
 * `/game/{sysname}` gets the platform segment of the game play link (§2 `/platform/game/…`)
 * inserted before `game`: `/game/book-of-ra` → `/platform/game/book-of-ra` (after the locale
 * prefix, if any). A record's absolute `canonical` (http/https) is used as it is, minus the
 * trailing slash.
 */

export interface PageRequest {
  /** The raw request URL: path and query. */
  url: string;
  /** The site's origin for this request, and the host its SEO settings are looked up by. */
  site: SiteOrigin;
}

const JSON_LD_TYPES: [field: string, type: string][] = [
  ['schemaFaq', 'FAQPage'],
  ['schemaArticle', 'Article'],
  ['organization', 'Organization'],
  ['product', 'Product'],
];

/** The site's sitemap (web/sitemap.ts), and the robots.txt line that names it. */
export const SITEMAP_PATH = '/sitemap.xml';
export const SITEMAP_LINE = `Sitemap: ${SITEMAP_PATH}`;

/** The segment §9 inserts in game paths for their canonical URL. */
export const GAME_PLATFORM_SEGMENT = 'platform';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number'
      ? `${value}`
      : null;

/** `/gamehall/` → `/gamehall`; `/` stays. */
function stripTrailingSlash(path: string): string {
  const stripped = path.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

/** `populate[x]=*` for every relation of the type, so nested media (og image) come too. */
function populateAll(relations: RelationTree): Record<string, string> {
  return Object.fromEntries(Object.keys(relations).map((key) => [key, '*']));
}

async function seoRecord(
  app: AppContext,
  url: string,
  locales: string[],
): Promise<ContentEntry | null> {
  const seos = CONTENT_TYPES.get('seos')!;
  for (const locale of locales) {
    const query = parseContentQuery(
      qs.stringify(
        {
          filters: { url: { $eq: url } },
          populate: populateAll(seos.relations),
          locale,
          pagination: { page: 1, pageSize: 1, withCount: false },
        },
        { encodeValuesOnly: true },
      ),
      seos.relations,
    );
    const found = await findEntries(app, seos, query);
    if (found.data[0]) return found.data[0];
  }
  return null;
}

export async function domainSettings(
  app: AppContext,
  hostname: string,
  host: string,
  locales: string[],
): Promise<Record<string, unknown> | null> {
  for (const locale of locales) {
    const entries = await entriesOf(app, 'domain-seo-settings', locale);
    if (entries.length === 0) continue;
    const wanted = (entry: Record<string, unknown>) => {
      const value = typeof entry.host === 'string' ? entry.host.toLowerCase() : '';
      return value === hostname || value === host;
    };
    return entries.find(wanted) ?? entries[0]!;
  }
  return null;
}

async function customCode(app: AppContext): Promise<CustomCode> {
  const code: CustomCode = { head: [], bodyStart: [], bodyEnd: [] };
  for (const entry of await entriesOf(app, 'custom-codes', null)) {
    if (entry.isEnabled !== true || typeof entry.code !== 'string') continue;
    const position =
      entry.position === 'head' || entry.position === 'bodyStart' ? entry.position : 'bodyEnd';
    code[position].push(entry.code);
  }
  return code;
}

async function favicons(app: AppContext): Promise<LinkTag[]> {
  const [settings] = await entriesOf(app, 'web-settings', null);
  const raw = settings?.favicon;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.flatMap((item): LinkTag[] => {
    if (!isRecord(item)) return [];
    const href = text(item.url);
    if (!href) return [];
    const link: LinkTag = { rel: text(item.rel) ?? 'icon', href };
    const type = text(item.type) ?? text(item.mime);
    const sizes = text(item.sizes);
    if (type) link.type = type;
    if (sizes) link.sizes = sizes;
    return [link];
  });
}

/** `{ name, content }` / `{ property, content }` entries of a meta list. */
function metaList(value: unknown): MetaTag[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): MetaTag[] => {
    if (!isRecord(item)) return [];
    const content = text(item.content);
    const property = text(item.property);
    const name = text(item.name);
    if (content === null) return [];
    if (property) return [{ attribute: 'property', key: property, content }];
    if (name) return [{ attribute: 'name', key: name, content }];
    return [];
  });
}

function absolute(origin: string | null, url: string): string {
  if (origin && url.startsWith('/') && !url.startsWith('//')) return origin + url;
  return url;
}

/** `og:*` tags from the record's openGraph component (`title`, `ogTitle`, `siteName`, image…). */
function openGraph(value: unknown, origin: string | null, canonical: string | null): MetaTag[] {
  if (!isRecord(value)) return [];
  const tags: MetaTag[] = [];
  const add = (key: string, content: string | null) => {
    if (content !== null) tags.push({ attribute: 'property', key: `og:${key}`, content });
  };
  for (const [rawKey, raw] of Object.entries(value)) {
    if (rawKey === 'id' || rawKey === '__component') continue;
    const key = rawKey
      .replace(/^og(?=[A-Z])/, '')
      .replace(/^[A-Z]/, (c) => c.toLowerCase())
      .replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (key === 'image') {
      const images = Array.isArray(raw) ? raw : [raw];
      for (const image of images) {
        const url = isRecord(image) ? text(image.url) : text(image);
        if (!url) continue;
        add('image', absolute(origin, url));
        if (isRecord(image)) {
          add('image:width', text(image.width));
          add('image:height', text(image.height));
          add('image:alt', text(image.alternativeText) ?? text(image.alt));
        }
      }
    } else if (key === 'url') {
      const url = text(raw);
      if (url) add('url', absolute(origin, url));
    } else add(key, text(raw));
  }
  if (canonical && !tags.some((tag) => tag.key === 'og:url')) add('url', canonical);
  return tags;
}

function withoutComponentKeys(value: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, __component: _component, ...rest } = value;
  return rest;
}

/** Keys of schema.org values that hold a URL: a site path in them is made absolute. */
const JSON_LD_URL_KEYS = new Set(['url', 'logo', 'image', '@id', 'contentUrl', 'thumbnailUrl']);

/**
 * A record's structured data with its site paths (`"logo": "/logo.png"`) absolute on the site's
 * origin: search engines take absolute URLs only, and the record then holds for every domain the
 * site answers on (the seeded organisation is written so).
 */
function withAbsoluteUrls(
  value: unknown,
  origin: string | null,
  key: string | null = null,
): unknown {
  if (typeof value === 'string') {
    return key !== null && JSON_LD_URL_KEYS.has(key) ? absolute(origin, value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => withAbsoluteUrls(item, origin, key));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, item]) => [k, withAbsoluteUrls(item, origin, k)]),
    );
  }
  return value;
}

/** Structured data for the record's schemaFaq, schemaArticle, organization and product. */
function jsonLd(record: ContentEntry, origin: string | null): unknown[] {
  return structuredData(record).map((data) => withAbsoluteUrls(data, origin));
}

function structuredData(record: ContentEntry): unknown[] {
  const out: unknown[] = [];
  for (const [field, type] of JSON_LD_TYPES) {
    let value = record[field];
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        continue;
      }
    }
    if (value === null || value === undefined) continue;
    const context = { '@context': 'https://schema.org' };
    if (isRecord(value) && typeof value['@type'] === 'string') {
      out.push({ ...context, ...withoutComponentKeys(value) });
      continue;
    }
    if (field === 'schemaFaq') {
      const items = Array.isArray(value)
        ? value
        : isRecord(value)
          ? (value.items ?? value.questions ?? value.faq)
          : null;
      if (!Array.isArray(items)) continue;
      const questions = items.flatMap((item) => {
        if (!isRecord(item)) return [];
        const question = text(item.question) ?? text(item.name) ?? text(item.title);
        const answer = text(item.answer) ?? text(item.text);
        if (!question || !answer) return [];
        return [
          {
            '@type': 'Question',
            name: question,
            acceptedAnswer: { '@type': 'Answer', text: answer },
          },
        ];
      });
      if (questions.length > 0) out.push({ ...context, '@type': type, mainEntity: questions });
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isRecord(item) && Object.keys(withoutComponentKeys(item)).length > 0) {
        out.push({ ...context, '@type': type, ...withoutComponentKeys(item) });
      }
    }
  }
  return out;
}

function canonicalUrl(
  origin: string | null,
  locale: Locale,
  pagePath: string,
  recordCanonical: string | null,
): string | null {
  if (recordCanonical && /^https?:\/\//i.test(recordCanonical)) {
    return recordCanonical.replace(/\/+$/, '');
  }
  if (!origin) return null;
  let path = recordCanonical?.startsWith('/') ? recordCanonical.split(/[?#]/)[0]! : pagePath;
  path = stripTrailingSlash(path);
  const game = /^\/game\/([^/]+)$/.exec(path);
  if (game) path = `/${GAME_PLATFORM_SEGMENT}/game/${game[1]}`;
  return (origin + localizePath(path, locale)).replace(/\/+$/, '');
}

/**
 * `/robots.txt` (§7): the robots rules of the site's host from the content backend's domain SEO
 * settings (the default locale's entry), or a permissive default when none are set. A `Sitemap:`
 * line with a site path (`Sitemap: /sitemap.xml`) is made absolute with the site's origin, as
 * crawlers need it: never with a Host the caller chose (site-origin.ts). Rules that name no
 * sitemap get the site's own (web/sitemap.ts), so crawlers find it whatever staff wrote.
 */
export async function robotsTxt(app: AppContext, site: SiteOrigin): Promise<string> {
  const { defaultLocale } = await siteLocales(app);
  const domain = await domainSettings(app, site.host.replace(/:\d+$/, ''), site.host, [
    defaultLocale,
  ]);
  const robots = typeof domain?.robots === 'string' ? domain.robots.trim() : '';
  const rules = robots === '' ? 'User-agent: *\nAllow: /' : robots;
  const text = /^\s*sitemap\s*:/im.test(rules) ? rules : `${rules}\n\n${SITEMAP_LINE}`;
  return `${text.replace(
    /^(\s*sitemap\s*:\s*)(\/(?!\/)\S*)/gim,
    (_line, field: string, sitePath: string) => `${field}${site.origin}${sitePath}`,
  )}\n`;
}

/** The page's head; throws when the content backend does (the caller serves the plain shell). */
export async function pageHead(app: AppContext, request: PageRequest): Promise<PageHead> {
  const [rawPath = '/', ...rest] = request.url.split(/(?=[?#])/);
  const query = rest.join('').split('#')[0] ?? '';
  const { locale, path } = splitLocalePath(rawPath);
  const seoUrl = seoUrlOf(rawPath);

  const { rows, defaultLocale } = await siteLocales(app);
  const pageLocale = rows.some((row) => row.code === locale) ? locale : defaultLocale;
  const locales = [...new Set([pageLocale, defaultLocale])];

  const { origin, host } = request.site;
  const hostname = host.replace(/:\d+$/, '');

  const [record, domain, code, icons] = await Promise.all([
    seoRecord(app, seoUrl, locales),
    domainSettings(app, hostname, host, locales),
    customCode(app),
    favicons(app),
  ]);

  const recordCanonical = record ? text(record.canonical) : null;
  const canonical = canonicalUrl(origin, locale, path, recordCanonical);
  // The same page in every locale of the site (a canonical elsewhere has no such set).
  const external = recordCanonical !== null && /^https?:\/\//i.test(recordCanonical);
  const alternates =
    origin && !external
      ? [
          ...rows.map((row) => ({
            hreflang: row.code,
            href: canonicalUrl(origin, row.code as Locale, path, recordCanonical)!,
          })),
          {
            hreflang: 'x-default',
            href: canonicalUrl(origin, defaultLocale as Locale, path, recordCanonical)!,
          },
        ]
      : [];
  const robots = typeof domain?.robots === 'string' ? domain.robots : '';
  const noindex = robots !== '' && isDisallowed(robots, [rawPath + query, path + query]);

  const meta: MetaTag[] = [];
  const set = (tags: MetaTag[]) => {
    for (const tag of tags) {
      const same = meta.findIndex(
        (m) => m.attribute === tag.attribute && m.key.toLowerCase() === tag.key.toLowerCase(),
      );
      if (same !== -1) meta.splice(same, 1);
      meta.push(tag);
    }
  };
  set(metaList(domain?.meta));
  if (record) {
    const description = text(record.description);
    if (description) set([{ attribute: 'name', key: 'description', content: description }]);
    set(openGraph(record.openGraph, origin, canonical));
    set(metaList(record.meta));
  }
  if (noindex) set([{ attribute: 'name', key: 'robots', content: 'noindex, follow' }]);
  // Open Graph's locale (`es_ES`) and the page's other locales, unless the record set them.
  if (!meta.some((tag) => tag.key === 'og:locale')) {
    const og = (code: string) => code.replace('-', '_');
    set([{ attribute: 'property', key: 'og:locale', content: og(locale) }]);
    for (const row of rows) {
      if (row.code !== locale) {
        meta.push({ attribute: 'property', key: 'og:locale:alternate', content: og(row.code) });
      }
    }
  }

  return {
    lang: locale,
    title: record ? text(record.title) : null,
    meta,
    canonical,
    alternates,
    icons,
    jsonLd: record ? jsonLd(record, origin) : [],
    customCode: code,
  };
}
