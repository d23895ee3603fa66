import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../demo/index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createServer } from '../server.ts';
import { cmsEditor, type CmsEditor } from '../testing/cms.ts';
import { testDatabase } from '../testing/test-database.ts';
import { cookieFetch, testConfig } from '../testing/test-server.ts';

/** A shell build like the real one: head with a title, description, theme colour; a body. */
const SHELL = [
  '<!doctype html><html lang="en-US"><head><meta charset="utf-8">',
  '<meta name="theme-color" content="#0b0f1c"><title>Built default title</title>',
  '<meta name="description" content="Built default description">',
  '<link href="/main.0123456789.css" rel="stylesheet"></head>',
  '<body><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>',
].join('');

let folder: string;
let indexFile: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let base: string;
let fetcher: typeof fetch;
let editor: CmsEditor | undefined;
/** The demo player's session: protected pages (`/cashier`, `/profile`) answer only players. */
let playerCookie: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-page-head-'));
  indexFile = path.join(folder, 'apps/shell/dist/index.html');
  mkdirSync(path.dirname(indexFile), { recursive: true });
  writeFileSync(indexFile, SHELL);
  database = await testDatabase();
  app = await createServer(
    testConfig(folder, {
      // The hosts this site answers as (SITE_HOSTS): only their Host header names the site.
      siteHosts: ['casino.example'],
    }),
    { database, seed: false },
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  fetcher = cookieFetch(base);
  editor = await cmsEditor({ database, browser: () => cookieFetch(base) });
  const form = new FormData();
  form.append('login', DEMO_PLAYER.login);
  form.append('password', DEMO_PLAYER.password);
  const login = await fetch(`${base}/api/auth/login?v=2.34&locale=en-US`, {
    method: 'POST',
    headers: { 'x-app-client': 'web/2.34' },
    body: form,
  });
  expect(login.status).toBe(200);
  playerCookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  expect(playerCookie).toContain('ns_session=');
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

/** A page as the signed-in demo player sees it (a 200 page, whatever its guard). */
async function page(url: string): Promise<string> {
  const response = await fetcher(url, { headers: { cookie: playerCookie } });
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  // Each answer's CSP nonce on its script tags (web/csp.ts, tested there) is left out here.
  return withoutNonces(await response.text());
}

const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '');

/** A page asked with another Host header (fetch always sends the real one), as the player. */
function pageAtHost(url: string, host: string, at = base): Promise<string> {
  const { port } = new URL(at);
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: url, headers: { host, cookie: playerCookie } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve(body));
        },
      )
      .on('error', reject);
  });
}

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const metaContent = (html: string, attribute: string, key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
const robotsOf = (html: string) => metaContent(html, 'name', 'robots');
const count = (html: string, part: string) => html.split(part).length - 1;
/** The page's JSON-LD blocks, parsed (a block that is no valid JSON fails the test). */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

async function seoId(url: string, locale = 'en-US'): Promise<number> {
  const found = await cms(
    'GET',
    `/cms/seos?filters[url][$eq]=${encodeURIComponent(url)}&locale=${locale}`,
  );
  const [entry] = found.body.data as { id: number }[];
  return entry!.id;
}

describe('the SEO head of a page', () => {
  it('carries the seeded record of /gamehall, with canonical and Open Graph', async () => {
    const html = await page('/gamehall');
    expect(html).toContain('<html lang="en-US">');
    expect(titleOf(html)).toBe('Casino | Northstar');
    expect(count(html, '<title>')).toBe(1);
    expect(metaContent(html, 'name', 'description')).toBe(
      'Casino — Northstar: online casino and sports betting',
    );
    expect(html).not.toContain('Built default description');
    expect(html).toContain(`<link rel="canonical" href="${base}/gamehall">`);
    expect(metaContent(html, 'property', 'og:title')).toBe('Casino | Northstar');
    expect(metaContent(html, 'property', 'og:image')).toBe(`${base}/og/default.png`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${base}/gamehall`);
    // The record's meta list and the domain settings' one (which replaces the build's colour).
    expect(robotsOf(html)).toBe('index, follow');
    expect(metaContent(html, 'name', 'theme-color')).toBe('#0b1020');
    expect(count(html, 'name="theme-color"')).toBe(1);
    // All of it inside <head>, and the shell itself intact.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('rel="canonical"');
    expect(html).toContain('<body><div id="root"></div>');
  });

  it('names the page in every locale (hreflang, x-default) and its Open Graph locale', async () => {
    const html = await page('/es-ES/gamehall');
    expect(html).toContain(`<link rel="canonical" href="${base}/es-ES/gamehall">`);
    for (const [hreflang, href] of [
      ['en-US', `${base}/gamehall`],
      ['es-ES', `${base}/es-ES/gamehall`],
      ['pt-BR', `${base}/pt-BR/gamehall`],
      ['ru-RU', `${base}/ru-RU/gamehall`],
      ['x-default', `${base}/gamehall`],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${href}">`);
    }
    expect(metaContent(html, 'property', 'og:locale')).toBe('es_ES');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US">');
    expect(html).not.toContain('<meta property="og:locale:alternate" content="es_ES">');
  });

  it('finds the record with a trailing slash and strips it from the canonical URL', async () => {
    const html = await page('/gamehall/');
    expect(titleOf(html)).toBe('Casino | Northstar');
    expect(html).toContain(`<link rel="canonical" href="${base}/gamehall">`);
  });

  it('serves the Spanish record and lang for /es-ES/gamehall', async () => {
    const html = await page('/es-ES/gamehall');
    expect(html).toContain('<html lang="es-ES">');
    expect(metaContent(html, 'name', 'description')).toBe(
      'Casino — Northstar: casino online y apuestas deportivas',
    );
    expect(html).toContain(`<link rel="canonical" href="${base}/es-ES/gamehall">`);
    const home = await page('/es-ES');
    expect(titleOf(home)).toBe('Northstar: casino online y apuestas deportivas');
  });

  it("falls back to the default locale's record, and keeps the built head without one", async () => {
    const created = await cms('POST', '/cms/seos?locale=en-US', {
      data: { url: '/jackpots/northstar-mega', title: 'Only in English' },
    });
    expect(created.status).toBe(201);
    expect(titleOf(await page('/pt-BR/jackpots/northstar-mega'))).toBe('Only in English');
    const none = await page('/jackpots/northstar-mini');
    expect(titleOf(none)).toBe('Built default title');
    expect(metaContent(none, 'name', 'description')).toBe('Built default description');
  });

  it('shows a title staff changed through /cms on the next answer', async () => {
    const id = await seoId('/promotions');
    expect(titleOf(await page('/promotions'))).toBe('Promotions | Northstar');
    const updated = await cms('PUT', `/cms/seos/${id}`, {
      data: { title: 'Weekly promotions', description: 'New offers every week' },
    });
    expect(updated.status).toBe(200);
    const html = await page('/promotions');
    expect(titleOf(html)).toBe('Weekly promotions');
    expect(metaContent(html, 'name', 'description')).toBe('New offers every week');
  });

  it('inserts the platform segment in the canonical URL of a game page', async () => {
    expect(await page('/game/northstar-dice/')).toContain(
      `<link rel="canonical" href="${base}/platform/game/northstar-dice">`,
    );
    expect(await page('/es-ES/game/northstar-dice')).toContain(
      `<link rel="canonical" href="${base}/es-ES/platform/game/northstar-dice">`,
    );
  });

  it('writes JSON-LD for the structured data of the record', async () => {
    const id = await seoId('/tournaments');
    const updated = await cms('PUT', `/cms/seos/${id}`, {
      data: {
        schemaFaq: [{ question: 'How do I join?', answer: 'Press Participate.' }],
        organization: { name: 'Northstar', url: 'https://northstar.example' },
      },
    });
    expect(updated.status).toBe(200);
    const html = await page('/tournaments');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    expect(blocks).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'How do I join?',
            acceptedAnswer: { '@type': 'Answer', text: 'Press Participate.' },
          },
        ],
      },
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Northstar',
        url: 'https://northstar.example',
      },
    ]);
  });

  it('writes the seeded Organization on / and the FAQPage on /promotions, in every locale', async () => {
    const faqQuestion: Record<string, string> = {
      '': 'How do I get the welcome bonus?',
      '/es-ES': '¿Cómo consigo el bono de bienvenida?',
      '/pt-BR': 'Como recebo o bônus de boas-vindas?',
      '/ru-RU': 'Как получить приветственный бонус?',
    };
    for (const [prefix, question] of Object.entries(faqQuestion)) {
      const [organization, ...rest] = jsonLdOf(await page(prefix || '/'));
      expect(rest, prefix).toEqual([]);
      expect(organization, prefix).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Northstar',
        // Site paths of the record, absolute on the site's origin.
        url: `${base}/`,
        logo: `${base}/apple-touch-icon.png`,
        sameAs: [
          'https://t.me/northstar',
          'https://instagram.com/northstar',
          'https://x.com/northstar',
        ],
      });
      const faq = jsonLdOf(await page(`${prefix}/promotions`));
      expect(faq, prefix).toHaveLength(1);
      expect(faq[0]!['@type']).toBe('FAQPage');
      const questions = faq[0]!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
      expect(questions).toHaveLength(3);
      expect(questions[0]!.name).toBe(question);
      for (const item of questions) expect(item.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });

  it('escapes injection attempts in titles, descriptions and JSON-LD', async () => {
    const id = await seoId('/jackpots');
    const updated = await cms('PUT', `/cms/seos/${id}`, {
      data: {
        title: '</title><script>alert(1)</script>',
        description: '"><script>alert(2)</script>',
        schemaArticle: { headline: '</script><script>alert(3)</script>' },
      },
    });
    expect(updated.status).toBe(200);
    const html = await page('/jackpots');
    expect(html).not.toContain('<script>alert(');
    expect(titleOf(html)).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaContent(html, 'name', 'description')).toBe(
      '&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;',
    );
    const article = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(article).toBeDefined();
    expect(article).not.toContain('</script');
    expect(JSON.parse(article!)).toMatchObject({
      '@type': 'Article',
      headline: '</script><script>alert(3)</script>',
    });
  });
});

describe('robots', () => {
  it('marks a Disallowed path noindex, follow, with or without the locale prefix', async () => {
    for (const url of ['/cashier/deposit', '/es-ES/profile/settings']) {
      const html = await page(url);
      expect(robotsOf(html), url).toBe('noindex, follow');
      expect(count(html, 'name="robots"'), url).toBe(1);
    }
    expect(robotsOf(await page('/gamehall'))).toBe('index, follow');
    expect(robotsOf(await page('/about'))).toBeUndefined();
  });

  it('marks every URL with a query through the wildcard rule', async () => {
    expect(robotsOf(await page('/gamehall?category=slots'))).toBe('noindex, follow');
    expect(robotsOf(await page('/about?x=1'))).toBe('noindex, follow');
  });

  it('uses the settings of the request host when there are some', async () => {
    const created = await cms('POST', '/cms/domain-seo-settings?locale=en-US', {
      data: { host: 'casino.example', robots: 'User-agent: *\nDisallow: /winners' },
    });
    expect(created.status).toBe(201);
    const winners = await pageAtHost('/winners', 'casino.example');
    expect(robotsOf(winners)).toBe('noindex, follow');
    expect(winners).toContain('<link rel="canonical" href="http://casino.example/winners">');
    // That host's rules do not have /cashier (its record's own robots meta stays); every other
    // host keeps the first entry's rules.
    expect(robotsOf(await pageAtHost('/cashier', 'casino.example'))).toBe('index, follow');
    expect(robotsOf(await page('/winners'))).toBe('index, follow');
    expect(robotsOf(await page('/cashier'))).toBe('noindex, follow');

    // /robots.txt answers the same rules, per host (§7), and names the sitemap when they don't.
    expect(await pageAtHost('/robots.txt', 'casino.example')).toBe(
      'User-agent: *\nDisallow: /winners\n\nSitemap: http://casino.example/sitemap.xml\n',
    );
    const seeded = await fetcher('/robots.txt');
    expect(seeded.headers.get('content-type')).toContain('text/plain');
    const seededText = await seeded.text();
    expect(seededText).toContain('Disallow: /cashier\n');
    // The seeded rules carry the line themselves: it is made absolute, never doubled.
    expect(seededText.match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${base}/sitemap.xml`]);
  });

  it('names the sitemap in the permissive default when the host has no rules', async () => {
    const found = await cms('GET', '/cms/domain-seo-settings?locale=en-US');
    const entries = found.body.data as { id: number; host: string; robots?: string }[];
    const own = entries.find((entry) => entry.host === 'casino.example');
    const saved = own
      ? await cms('PUT', `/cms/domain-seo-settings/${own.id}`, { data: { robots: '' } })
      : await cms('POST', '/cms/domain-seo-settings?locale=en-US', {
          data: { host: 'casino.example', robots: '' },
        });
    expect(saved.status).toBeLessThan(300);
    expect(await pageAtHost('/robots.txt', 'casino.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: http://casino.example/sitemap.xml\n',
    );
    // The host's rules as they were, for the tests after this one.
    const id = own?.id ?? (saved.body.data as { id: number }).id;
    const restored = own?.robots ?? 'User-agent: *\nDisallow: /winners';
    await cms('PUT', `/cms/domain-seo-settings/${id}`, { data: { robots: restored } });
  });
});

describe('the site origin in canonical, og:url and robots.txt', () => {
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

  /**
   * The domain SEO settings robots.txt answers for `host` (its own entry, else the first) with a
   * relative Sitemap line, for the duration of `run`.
   */
  async function withSitemapLine(host: string, run: () => Promise<void>) {
    const found = await cms('GET', '/cms/domain-seo-settings?locale=en-US&sort=id');
    const entries = found.body.data as { id: number; host: string; robots: string }[];
    const entry = entries.find((item) => item.host === host) ?? entries[0]!;
    const set = (robots: string) =>
      cms('PUT', `/cms/domain-seo-settings/${entry.id}`, { data: { robots } });
    expect((await set(`${entry.robots}\nSitemap: /sitemap.xml`)).status).toBe(200);
    try {
      await run();
    } finally {
      await set(entry.robots);
    }
  }

  it('never takes a forged Host: evil.example gets the listening origin', async () => {
    const html = await pageAtHost('/gamehall', 'evil.example');
    expect(html).not.toContain('evil.example');
    expect(canonicalOf(html)).toBe(`${base}/gamehall`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${base}/gamehall`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${base}/og/default.png`);
    // Nor through X-Forwarded-Host, which only a trusted proxy may send (TRUST_PROXY).
    const forwarded = await fetcher('/gamehall', {
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(await forwarded.text()).not.toContain('evil.example');

    await withSitemapLine('localhost', async () => {
      const robots = await pageAtHost('/robots.txt', 'evil.example');
      expect(robots).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
      expect(robots).toContain('Disallow: /cashier\n');
      expect(robots).not.toContain('evil.example');
    });
  });

  it('takes a Host of SITE_HOSTS, for its canonical URL and its robots.txt', async () => {
    const html = await pageAtHost('/gamehall', 'casino.example');
    expect(canonicalOf(html)).toBe('http://casino.example/gamehall');
    expect(metaContent(html, 'property', 'og:url')).toBe('http://casino.example/gamehall');
    await withSitemapLine('casino.example', async () => {
      const robots = await pageAtHost('/robots.txt', 'CASINO.example');
      expect(robots).toContain('\nSitemap: http://casino.example/sitemap.xml\n');
    });
  });

  it('names the site by PUBLIC_URL when it is set, whatever the Host', async () => {
    const withPublicUrl = await createServer(
      testConfig(folder, {
        publicUrl: 'https://www.northstar.example',
        siteHosts: ['casino.example'],
      }),
      { database, seed: false },
    );
    const at = await withPublicUrl.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const host of ['evil.example', 'casino.example', new URL(at).host]) {
        const html = await pageAtHost('/es-ES/gamehall/', host, at);
        expect(canonicalOf(html), host).toBe('https://www.northstar.example/es-ES/gamehall');
        expect(metaContent(html, 'property', 'og:url'), host).toBe(
          'https://www.northstar.example/es-ES/gamehall',
        );
        expect(html, host).not.toContain('evil.example');
      }
      await withSitemapLine('localhost', async () => {
        const robots = await pageAtHost('/robots.txt', 'evil.example', at);
        expect(robots).toContain('\nSitemap: https://www.northstar.example/sitemap.xml\n');
        expect(robots).not.toContain('evil.example');
      });
    } finally {
      await withPublicUrl.close();
    }
  });
});

describe('custom code and web settings', () => {
  it('puts enabled custom code at its position, as stored', async () => {
    const code = (name: string, position: string | undefined, isEnabled = true) =>
      cms('POST', '/cms/custom-codes', {
        data: {
          name,
          isEnabled,
          ...(position ? { position } : {}),
          code: `<script>window.${name} = "$&";</script>`,
        },
      });
    for (const answer of await Promise.all([
      code('inHead', 'head'),
      code('atBodyStart', 'bodyStart'),
      code('atBodyEnd', undefined),
      code('switchedOff', 'head', false),
    ])) {
      expect(answer.status).toBe(201);
    }
    const html = await page('/gamehall');
    const headEnd = html.indexOf('</head>');
    const bodyOpen = html.indexOf('<body>');
    const bodyClose = html.indexOf('</body>');
    const at = (name: string) => html.indexOf(`<script>window.${name} = "$&";</script>`);
    expect(at('inHead')).toBeGreaterThan(-1);
    expect(at('inHead')).toBeLessThan(headEnd);
    expect(at('atBodyStart')).toBe(bodyOpen + '<body>'.length);
    expect(at('atBodyEnd')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(at('atBodyEnd') + `<script>window.atBodyEnd = "$&";</script>`.length).toBe(bodyClose);
    expect(html).not.toContain('switchedOff');
    // The seeded analytics entry (bodyEnd) too.
    expect(html).toContain('window.northstarAnalytics');
  });

  it('links the favicons of the web settings', async () => {
    const html = await page('/gamehall');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain(
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">',
    );
  });
});

describe('the shell file and failures', () => {
  it('re-reads the shell when a new build changes its mtime', async () => {
    writeFileSync(indexFile, SHELL.replace('<div id="root">', '<div id="root" data-build="2">'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(indexFile, later, later);
    try {
      expect(await page('/gamehall')).toContain('data-build="2"');
    } finally {
      writeFileSync(indexFile, SHELL);
      const again = new Date(Date.now() + 10_000);
      utimesSync(indexFile, again, again);
    }
    expect(await page('/gamehall')).not.toContain('data-build');
  });

  it('serves the plain shell when the content backend fails', async () => {
    await database.query(sql`alter table "cms_entries" rename to "cms_entries_away"`);
    try {
      const html = await page('/es-ES/gamehall');
      expect(html).toBe(SHELL);
    } finally {
      await database.query(sql`alter table "cms_entries_away" rename to "cms_entries"`);
    }
    expect(titleOf(await page('/gamehall'))).toBe('Casino | Northstar');
  });

  it('keeps the other answers: 301, /api never HTML, /remotes 404 plain text', async () => {
    const redirect = await fetcher('/en-US/gamehall?tab=new');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/gamehall?tab=new');
    const api = await fetcher('/api/nope/nope');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    const remote = await fetcher('/remotes/casino/mf-manifest.json');
    expect(remote.status).toBe(404);
    expect(remote.headers.get('content-type')).toContain('text/plain');
  });
});
