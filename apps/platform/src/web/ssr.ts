import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoute } from '@northstar/shell-sdk/page-rules';
import { ROUTES, type RemotesDocument } from '@northstar/shell-sdk/routes';
import {
  isShellRenderer,
  type RenderRequest,
  type RenderResult,
  type ShellRenderer,
} from '@northstar/shell-sdk/ssr';
import type { PlatformConfig } from '../config.ts';
import { remotesDocument } from './remotes-document.ts';
import { withScriptNonce } from './csp.ts';

/**
 * The server render (architecture.md "Server rendering"): the shell's server build
 * (`apps/shell/dist/server/render.cjs`, made by `createServerConfig` in rspack.config.base.ts)
 * draws the page the page rules let through; this file gives it what it needs from the platform:
 *
 * - `fetch`: the page's own requests (`/api`, `/nfx`, `/cms`) answered in-process by Fastify's
 *   `inject`, with the player's cookies, so a signed-in player's HTML already has the balance;
 * - `remoteEntry`: a remote's server entry, found beside the manifest `/remotes.json` names
 *   (`<manifest dir>/server/routes.cjs`): read from the dist this platform hosts, or fetched from
 *   wherever the remote is deployed (cached a minute), so a remote moved to another URL is picked up
 *   without rebuilding the platform.
 *
 * A render that fails (no server build, a thrown error) gives null: the caller sends the page
 * the browser renders, as before server rendering. A remote that fails only loses its own page's
 * HTML (the shell's renderer renders the rest).
 */

export interface RenderedPage extends RenderResult {
  /** `/remotes.json`'s answer, given with the page so the browser need not ask for it first. */
  remotes: RemotesDocument;
  /** Preloads of the files the page's remote needs to hydrate (its manifest, entry, routes). */
  preloads: string[];
}

/** Headers of the page request the in-process calls carry (the session, the language). */
const FORWARDED = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * The web fonts every page's first screen sets text in (the Latin subsets of the text and display
 * faces, packages/ui/src/fonts.css), preloaded so the swap from the fallback comes sooner.
 */
const FIRST_SCREEN_FONTS = [
  /^inter-latin-wght-normal\.[0-9a-f]+\.woff2$/,
  /^montserrat-latin-wght-normal\.[0-9a-f]+\.woff2$/,
];

/**
 * The largest image of a page's first screen (its LCP element), by route: preloaded with high
 * priority, since the browser would otherwise find it only once the stylesheet that draws it is
 * parsed. The home page's hero art (apps/shell/src/pages/home-page.tsx).
 */
const LCP_IMAGES: Partial<Record<string, RegExp>> = {
  home: /^hero-banner\.[0-9a-f]+\.svg$/,
};

/** The `<link rel="preload">` of a route's LCP image among the shell's built images. */
export function lcpImagePreload(routeId: string | null, images: readonly string[]): string[] {
  const pattern = routeId ? LCP_IMAGES[routeId] : undefined;
  const file = pattern ? images.find((name) => pattern.test(name)) : undefined;
  return file
    ? [`<link rel="preload" as="image" href="/images/${file}" fetchpriority="high">`]
    : [];
}

/** Where a remote's server entry comes from, or why it is not loaded. */
export type RemoteServerEntry =
  | { kind: 'hosted'; dir: string }
  | { kind: 'fetched'; url: string }
  | { kind: 'refused'; url: string };

/**
 * Where the server render may take a remote's server entry from (`<manifest dir>/server/routes.cjs`):
 * the platform's own dist for a remote it hosts (`/remotes/<name>/…`), or an absolute URL whose
 * origin an operator allowed (`REMOTE_ORIGINS`, and `PUBLIC_URL`'s origin). Anything else is
 * refused: a server entry is code the platform runs, so `/remotes.json` (or whoever controls the
 * CDN it names) must not choose it. The browser still loads that remote from where
 * `/remotes.json` says, under the page's CSP, like any other script.
 */
export function remoteServerEntry(
  name: string,
  manifest: string,
  allowedOrigins: ReadonlySet<string>,
): RemoteServerEntry {
  const hosted = `/remotes/${name}/`;
  if (manifest.startsWith(hosted)) {
    const dir = path.posix.dirname(manifest.slice(hosted.length).split(/[?#]/, 1)[0]!);
    // `..` would leave the remote's own dist.
    if (!dir.split('/').includes('..')) return { kind: 'hosted', dir };
  }
  if (!URL.canParse(manifest)) return { kind: 'refused', url: manifest };
  const url = new URL('server/routes.cjs', manifest);
  if ((url.protocol === 'https:' || url.protocol === 'http:') && allowedOrigins.has(url.origin)) {
    return { kind: 'fetched', url: url.href };
  }
  return { kind: 'refused', url: url.href };
}

/** A remote fetched from another origin is asked again after this long. */
const REMOTE_TTL_MS = 60_000;

export function serverRenderer(server: FastifyInstance, config: PlatformConfig) {
  const file = path.join(config.appsDir, 'shell', 'dist', 'server', 'render.cjs');
  let loaded: { mtimeMs: number; renderer: ShellRenderer } | null = null;
  const remoteCache = new Map<string, { at: number; code: string | null }>();
  const allowedOrigins = new Set([
    ...(config.remoteOrigins ?? []),
    ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
  ]);

  let fonts: string[] = [];
  let images: string[] = [];

  /** The renderer of the current build (a new build is picked up without a restart). */
  function renderer(): ShellRenderer | null {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      const require = createRequire(file);
      delete require.cache[file];
      const module: unknown = require(file);
      // The seam's types are shared (`@northstar/shell-sdk/ssr`); a build of another seam version
      // (or any other file) is refused rather than called with arguments it does not expect.
      if (!isShellRenderer(module)) {
        throw new Error(`${file} is not a renderer of this platform's render seam`);
      }
      loaded = { mtimeMs, renderer: module };
      fonts = fontPreloads();
      const imageDir = path.join(config.appsDir, 'shell', 'dist', 'images');
      images = existsSync(imageDir) ? readdirSync(imageDir) : [];
    }
    return loaded.renderer;
  }

  /** `<link rel="preload">` of the first screen's fonts in the shell's build. */
  function fontPreloads(): string[] {
    const dir = path.join(config.appsDir, 'shell', 'dist', 'fonts');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => FIRST_SCREEN_FONTS.some((pattern) => pattern.test(name)))
      .map(
        (name) =>
          `<link rel="preload" as="font" type="font/woff2" crossorigin href="/fonts/${name}">`,
      );
  }

  async function remoteEntry(
    document: RemotesDocument,
    name: string,
    log: FastifyRequest['log'],
  ): Promise<{ code: string; filename: string } | null> {
    const manifest = (document as Record<string, string | undefined>)[name];
    if (!manifest) return null;
    const where = remoteServerEntry(name, manifest, allowedOrigins);
    if (where.kind === 'hosted') {
      const entry = path.join(config.appsDir, name, 'dist', where.dir, 'server', 'routes.cjs');
      if (!existsSync(entry)) return null;
      return { code: await readFile(entry, 'utf8'), filename: entry };
    }
    if (where.kind === 'refused') {
      // Logged once a minute per URL (the refusal is cached like an answer).
      if (!remoteCache.has(where.url)) {
        log.warn(
          { remote: name, url: where.url },
          'remote server entry refused: its origin is not in REMOTE_ORIGINS; the remote renders in the browser only',
        );
      }
      remoteCache.set(where.url, { at: Date.now(), code: null });
      return null;
    }
    const url = where.url;
    const cached = remoteCache.get(url);
    if (cached && Date.now() - cached.at < REMOTE_TTL_MS) {
      return cached.code === null ? null : { code: cached.code, filename: url };
    }
    let code: string | null;
    try {
      // No redirects: an allowed origin must not hand the fetch on to one that is not.
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000), redirect: 'error' });
      code = response.ok ? await response.text() : null;
    } catch {
      code = null;
    }
    remoteCache.set(url, { at: Date.now(), code });
    return code === null ? null : { code, filename: url };
  }

  /** The page's own request answered in-process, as the browser's would have been. */
  function pageFetch(request: FastifyRequest) {
    return async (url: string, init: RequestInit = {}): Promise<Response> => {
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') {
        // The server render only reads; a write waits for the browser.
        return new Response(null, { status: 405 });
      }
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await server.inject({ method, url, headers });
      const out = new Headers();
      for (const [key, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) out.append(key, String(item));
      }
      return new Response(method === 'HEAD' ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: out,
      });
    };
  }

  /**
   * What the browser must fetch before the page's remote can hydrate, announced in the head so it
   * comes in parallel with the shell's own files: the manifest (fetched by the federation runtime
   * with CORS), the container entry and the `./routes` expose's files (plain script tags).
   */
  async function remotePreloads(document: RemotesDocument, url: string): Promise<string[]> {
    const match = matchRoute(url.split('?', 1)[0] ?? '/');
    const owner = match ? ROUTES[match.id].owner : 'shell';
    if (owner === 'shell') return [];
    const manifestUrl = (document as Record<string, string | undefined>)[owner];
    if (!manifestUrl?.startsWith(`/remotes/${owner}/`)) return [];
    const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    const links = [`<link rel="preload" as="fetch" crossorigin href="${manifestUrl}">`];
    try {
      const file = path.join(config.appsDir, owner, 'dist', manifestUrl.slice(base.length));
      const manifest = JSON.parse(await readFile(file, 'utf8')) as {
        metaData?: { remoteEntry?: { name?: string; path?: string } };
        exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
      };
      const entry = manifest.metaData?.remoteEntry;
      const scripts = [
        ...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []),
        ...(manifest.exposes?.find((expose) => expose.name === 'routes')?.assets?.js?.sync ?? []),
      ];
      for (const script of scripts) {
        links.push(`<link rel="preload" as="script" href="${base}${script}">`);
      }
    } catch {
      // No manifest to read: the browser finds the files itself, a little later.
    }
    return links;
  }

  return {
    async render(
      request: FastifyRequest,
      page: Pick<RenderRequest, 'locale' | 'session' | 'systemPage' | 'nonce'>,
    ): Promise<RenderedPage | null> {
      let shell: ShellRenderer | null;
      try {
        shell = renderer();
      } catch (error) {
        request.log.error({ err: error }, 'the server render could not be loaded');
        return null;
      }
      if (!shell) return null;
      try {
        const document = await remotesDocument(config);
        const [rendered, preloads] = await Promise.all([
          shell.render({
            url: request.url,
            locale: page.locale,
            session: page.session,
            systemPage: page.systemPage,
            ...(page.nonce ? { nonce: page.nonce } : {}),
            fetch: pageFetch(request),
            remoteEntry: (name) => remoteEntry(document, name, request.log),
          }),
          page.systemPage ? [] : remotePreloads(document, request.url),
        ]);
        const routeId = page.systemPage
          ? null
          : (matchRoute(request.url.split('?', 1)[0] ?? '/')?.id ?? null);
        return {
          ...rendered,
          remotes: document,
          preloads: [...lcpImagePreload(routeId, images), ...fonts, ...preloads],
        };
      } catch (error) {
        request.log.error(
          { err: error, url: request.url },
          'server render failed; page sent to render in the browser',
        );
        return null;
      }
    },
  };
}

/** The rendered page put into the document: styles in the head, markup and state in `#root`. */
export function withRenderedPage(
  document: string,
  page: RenderedPage,
  nonce?: { script?: string; style?: string },
): string {
  const styles = nonce?.style
    ? page.styles.replaceAll('<style ', `<style nonce="${nonce.style}" `)
    : page.styles;
  // The remote's preloaded scripts are fetched under the page's script policy (web/csp.ts).
  const preloads = nonce?.script
    ? withScriptNonce(page.preloads.join(''), nonce.script)
    : page.preloads.join('');
  // React puts the resource hints of what it rendered (`<link rel="preload">` for a page's
  // first, high-priority images) at the start of its markup; they belong in the head, where the
  // browser finds them first, and the markup in #root then starts with the page itself.
  const hints = /^(?:<link\b[^>]*>)+/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(hints.length);
  const state = `<script type="application/json" id="ns-state">${page.state}</script>`;
  const remotes = `<script type="application/json" id="ns-remotes">${JSON.stringify(
    page.remotes,
  ).replaceAll('<', '\\u003c')}</script>`;
  return document
    .replace('</head>', () => `${preloads}${hints}${remotes}${styles}</head>`)
    .replace(/<div id="root">\s*<\/div>/, () => `<div id="root">${markup}</div>${state}`);
}
