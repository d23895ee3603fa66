import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JSDOM, type XmlElement } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createServer } from '../server.ts';
import { cmsEditor, type CmsEditor } from '../testing/cms.ts';
import { testDatabase } from '../testing/test-database.ts';
import { cookieFetch, testConfig } from '../testing/test-server.ts';
import { isDisallowed } from './robots.ts';
import { sitemapEntries, sitemapFiles } from './sitemap.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const LOCALES = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'];
/** The seeded robots rules of the site (content/seed.ts). */
const SEEDED_ROBOTS =
  'User-agent: *\nDisallow: /cashier\nDisallow: /profile\nDisallow: /bets\nDisallow: /*?*';

let folder: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let base: string;
let fetcher: typeof fetch;
let editor: CmsEditor | undefined;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-sitemap-'));
  database = await testDatabase();
  app = await createServer(testConfig(folder, { siteHosts: ['casino.example'] }), {
    database,
    seed: false,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  fetcher = cookieFetch(base);
  editor = await cmsEditor({ database, browser: () => cookieFetch(base) });
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

async function cms(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = editor ? { ...editor.headers } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetcher(url, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A path asked with a Host header of our choosing (fetch always sends the real one). */
function atHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** Parses the XML (a malformed document throws) and answers its root element. */
function parseXml(xml: string): XmlElement {
  return new JSDOM(xml, { contentType: 'application/xml' }).window.document.documentElement;
}

interface UrlEntry {
  loc: string;
  alternates: Record<string, string>;
}

/** The `<url>` entries of a urlset: loc and hreflang → href. */
function urlsOf(xml: string): Map<string, UrlEntry> {
  const root = parseXml(xml);
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  const out = new Map<string, UrlEntry>();
  // Walked by children: a search of the whole tree per entry is slow in jsdom.
  for (const url of Array.from(root.children)) {
    expect(url.localName).toBe('url');
    let loc = '';
    const alternates: Record<string, string> = {};
    for (const child of Array.from(url.children)) {
      if (child.namespaceURI === SITEMAP_NS && child.localName === 'loc') {
        loc = child.textContent ?? '';
      } else if (child.namespaceURI === XHTML_NS && child.localName === 'link') {
        expect(child.getAttribute('rel')).toBe('alternate');
        alternates[child.getAttribute('hreflang')!] = child.getAttribute('href')!;
      }
    }
    expect(loc).not.toBe('');
    expect(out.has(loc), `${loc} listed twice`).toBe(false);
    out.set(loc, { loc, alternates });
  }
  return out;
}

async function sitemap(): Promise<Map<string, UrlEntry>> {
  const response = await fetch(`${base}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/xml');
  return urlsOf(await response.text());
}

/** The page in every locale: default without prefix, the others with theirs. */
const inEveryLocale = (origin: string, pagePath: string) =>
  Object.fromEntries([
    ...LOCALES.map((locale) => [
      locale,
      locale === 'en-US'
        ? `${origin}${pagePath}`
        : `${origin}/${locale}${pagePath === '/' ? '' : pagePath}`,
    ]),
    ['x-default', `${origin}${pagePath}`],
  ]);

describe('/sitemap.xml', () => {
  it('is valid sitemaps.org XML, cached five minutes, linked from robots.txt', async () => {
    const response = await fetch(`${base}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(urlsOf(xml).size).toBeGreaterThan(0);
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
  });

  it('lists the top-level pages in every locale, each with every locale and x-default', async () => {
    const urls = await sitemap();
    for (const pagePath of ['/', '/gamehall', '/providers', '/jackpots', '/promotions']) {
      const expected = inEveryLocale(base, pagePath);
      for (const locale of LOCALES) {
        const entry = urls.get(expected[locale]!);
        expect(entry, `${locale} ${pagePath}`).toBeDefined();
        expect(entry!.alternates).toEqual(expected);
      }
      // §2: the default locale has no prefix (`/en-US/x` is a 301 to `/x`).
      expect(urls.has(`${base}/en-US${pagePath === '/' ? '' : pagePath}`)).toBe(false);
    }
  });

  it('lists every game the catalogue offers, in every locale, and no switched-off one', async () => {
    const rows = await database.query<{ sysname: string }>(
      sql`select "sysname" from "games" where "is_active" order by "sysname"`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const urls = await sitemap();
    const games = [...urls.keys()].filter((loc) => /\/game\/[^/]+$/.test(loc));
    expect(games).toHaveLength(rows.length * LOCALES.length);
    const dice =
      urls.get(`${base}/es-ES/game/northstar-dice`) ?? urls.get(`${base}/game/${rows[0]!.sysname}`);
    expect(dice).toBeDefined();
    const [sysname] = /[^/]+$/.exec(dice!.loc)!;
    expect(dice!.alternates).toEqual(inEveryLocale(base, `/game/${sysname}`));

    // A game switched off is no page (page-rules.ts answers 404): it leaves the sitemap.
    await database.query(sql`update "games" set "is_active" = false where "sysname" = ${sysname}`);
    try {
      // A content write drops the built sitemap at once; a games change waits its minute.
      await cms('PUT', `/cms/seos/${await seoId('/providers')}`, { data: { text: 'x' } });
      const after = await sitemap();
      expect([...after.keys()].some((loc) => loc.endsWith(`/game/${sysname}`))).toBe(false);
    } finally {
      await database.query(sql`update "games" set "is_active" = true where "sysname" = ${sysname}`);
    }
  });

  it('lists every published slug page in the locales it is published in', async () => {
    const urls = await sitemap();
    expect(urls.get(`${base}/about`)?.alternates).toEqual(inEveryLocale(base, '/about'));
    expect(urls.get(`${base}/ru-RU/terms`)?.alternates).toEqual(inEveryLocale(base, '/terms'));

    // A page in Spanish only: one URL, its own alternate, no x-default (no default-locale page).
    const created = await cms('POST', '/cms/pages?locale=es-ES', {
      data: { slug: 'bono-verano', title: 'Bono de verano', content: 'Texto' },
    });
    expect(created.status).toBe(201);
    // A draft is no page yet.
    const draft = await cms('POST', '/cms/pages?locale=pt-BR', {
      data: { slug: 'rascunho', title: 'Rascunho', content: 'Texto', publishedAt: null },
    });
    expect(draft.status).toBe(201);
    const after = await sitemap();
    expect(after.get(`${base}/es-ES/bono-verano`)?.alternates).toEqual({
      'es-ES': `${base}/es-ES/bono-verano`,
    });
    expect([...after.keys()].filter((loc) => loc.includes('bono-verano'))).toHaveLength(1);
    expect([...after.keys()].some((loc) => loc.includes('rascunho'))).toBe(false);
  });

  it('lists nothing the robots rules disallow, and follows the host rules', async () => {
    const urls = await sitemap();
    for (const [loc, entry] of urls) {
      const { pathname, search } = new URL(loc);
      expect(isDisallowed(SEEDED_ROBOTS, [pathname + search]), loc).toBe(false);
      for (const href of Object.values(entry.alternates)) {
        expect(isDisallowed(SEEDED_ROBOTS, [new URL(href).pathname]), href).toBe(false);
      }
    }
    expect([...urls.keys()].some((loc) => /\/(cashier|profile|bets)\b|\?/.test(loc))).toBe(false);

    // A host whose rules close the jackpots and the Russian site: none of those, on its origin.
    const created = await cms('POST', '/cms/domain-seo-settings?locale=en-US', {
      data: {
        host: 'casino.example',
        robots: 'User-agent: *\nDisallow: /jackpots\nDisallow: /ru-RU',
      },
    });
    expect(created.status).toBe(201);
    const { status, body } = await atHost('/sitemap.xml', 'casino.example');
    expect(status).toBe(200);
    const hosted = urlsOf(body);
    const locs = [...hosted.keys()];
    expect(locs.every((loc) => loc.startsWith('http://casino.example/'))).toBe(true);
    expect(locs.some((loc) => loc.includes('/jackpots'))).toBe(false);
    expect(locs.some((loc) => loc.includes('/ru-RU'))).toBe(false);
    const promotions = hosted.get('http://casino.example/promotions')!;
    expect(Object.keys(promotions.alternates).sort()).toEqual([
      'en-US',
      'es-ES',
      'pt-BR',
      'x-default',
    ]);
    // Every other host keeps the site's rules and its own origin (never a forged Host).
    const forged = await atHost('/sitemap.xml', 'evil.example');
    expect(forged.body).not.toContain('evil.example');
    expect(urlsOf(forged.body).has(`${base}/jackpots`)).toBe(true);
  });

  it('answers a typed 404 for a sitemap part while one file holds every URL', async () => {
    const response = await fetch(`${base}/sitemap-1.xml`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string } };
    expect(body.error.type).toBe('MethodNotFoundException');
  });
});

describe('sitemapFiles: the sitemaps.org limits', () => {
  const site = {
    origin: 'https://casino.example',
    locales: LOCALES,
    defaultLocale: 'en-US',
    robots: '',
  };
  const pages = Array.from({ length: 5 }, (_, n) => ({ path: `/game/g-${n}`, locales: null }));

  it('keeps one urlset while the URLs fit', () => {
    const result = sitemapFiles(sitemapEntries(pages, site), site.origin);
    expect(result.index).toBeNull();
    expect(result.files).toHaveLength(1);
    expect(urlsOf(result.files[0]!).size).toBe(20);
  });

  it('splits past the URL count into a sitemap index of parts, none over the limits', () => {
    const entries = sitemapEntries(pages, site);
    const result = sitemapFiles(entries, site.origin, { urls: 6, bytes: 1_000_000 });
    expect(result.files).toHaveLength(4);
    const index = parseXml(result.index!);
    expect(index.localName).toBe('sitemapindex');
    expect(index.namespaceURI).toBe(SITEMAP_NS);
    const locs = Array.from(index.getElementsByTagNameNS(SITEMAP_NS, 'loc')).map(
      (loc) => loc.textContent,
    );
    expect(locs).toEqual([1, 2, 3, 4].map((n) => `https://casino.example/sitemap-${n}.xml`));
    const all = result.files.flatMap((file) => {
      const urls = urlsOf(file);
      expect(urls.size).toBeLessThanOrEqual(6);
      return [...urls.keys()];
    });
    expect(all).toHaveLength(20);
    expect(new Set(all).size).toBe(20);
  });

  it('splits past the byte limit', () => {
    const entries = sitemapEntries(pages, site);
    const limit = 3_000;
    const result = sitemapFiles(entries, site.origin, { urls: 50_000, bytes: limit });
    expect(result.files.length).toBeGreaterThan(1);
    for (const file of result.files) expect(Buffer.byteLength(file)).toBeLessThanOrEqual(limit);
    expect(result.files.reduce((sum, file) => sum + urlsOf(file).size, 0)).toBe(20);
  });
});

async function seoId(url: string): Promise<number> {
  const found = await cms(
    'GET',
    `/cms/seos?filters[url][$eq]=${encodeURIComponent(url)}&locale=en-US&fields[0]=url`,
  );
  return (found.body.data as { id: number }[])[0]!.id;
}
