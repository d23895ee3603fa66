/**
 * The site's service worker (§4: `/sw.js`, scope `/`), built by the shell's build into
 * `dist/sw.js` with the list of the shell's files in place of `self.__WB_MANIFEST`
 * (rspack.config.ts). Workbox does the caching; rules.ts says what goes where.
 *
 * - Precached at install: the shell's code, styles and fonts of this build (a new build is a new
 *   worker), the code manifests of the remotes (`/remotes.json`, each `mf-manifest.json`) and each
 *   locale's offline page (drawn by the platform, `/_offline/{locale}`).
 * - Pages: the network first. A page the server drew for a visitor is kept (the last 30); offline,
 *   a kept page is shown, else the offline page of the path's locale. A signed-in player's pages
 *   are never kept, so none is ever shown from the cache after a sign-out.
 * - Images and `/nfx` texts: stale-while-revalidate. A remote's content-hashed files: cache
 *   first. `/api` and everything else: the network only.
 * - Lifecycle (§4): the page is told when the worker is installed (offline ready) and activated;
 *   a waiting new worker takes over when the page asks (`SKIP_WAITING`, the player's consent).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  isKeepablePage,
  localeOfPath,
  planFor,
  readSiteLocales,
  type CachePlan,
  type SiteLocales,
} from './rules.ts';
import { offlinePageUrl } from '@northstar/shell-sdk/service-worker';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const OFFLINE_CACHE = 'northstar-offline-v1';
const LOCALES_KEY = '/nfx/i18n/locales';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

/** Each locale's offline page, and the locale list that picks one, fetched at install. */
async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const answer = await fetch(LOCALES_KEY, { credentials: 'omit' });
  const site = readSiteLocales(await answer.clone().json());
  if (!site) throw new Error('no site locales');
  await cache.put(LOCALES_KEY, answer);
  await Promise.all(
    site.locales.map(async (locale) => {
      const url = offlinePageUrl(locale);
      const page = await fetch(url, { credentials: 'omit' });
      if (page.ok) await cache.put(url, page);
    }),
  );
}

const CODE_CACHE = 'northstar-code-v1';
const CODE_MANIFEST_CACHE = 'northstar-code-manifests-v1';

/**
 * The remotes' entries of the current deploy: `/remotes.json`, each remote's `mf-manifest.json`
 * and the entry file it names (remotes deploy on their own, so this is read at install, not
 * built into the worker).
 */
async function keepRemoteEntries(): Promise<void> {
  const manifests = await caches.open(CODE_MANIFEST_CACHE);
  const code = await caches.open(CODE_CACHE);
  const answer = await fetch('/remotes.json');
  if (!answer.ok) return;
  const remotes = (await answer.clone().json()) as Record<string, unknown>;
  await manifests.put('/remotes.json', answer);
  await Promise.all(
    Object.values(remotes).map(async (entry) => {
      const address = new URL(String(entry), self.location.origin);
      if (address.origin !== self.location.origin) return;
      const manifest = await fetch(address);
      if (!manifest.ok) return;
      const meta = (
        (await manifest.clone().json()) as {
          metaData?: { remoteEntry?: { name?: string; path?: string } };
        }
      ).metaData?.remoteEntry;
      await manifests.put(address, manifest);
      if (!meta?.name) return;
      const file = new URL(`${meta.path ? `${meta.path}/` : ''}${meta.name}`, address);
      const script = await fetch(file);
      if (script.ok) await code.put(file, script);
    }),
  );
}

self.addEventListener('install', (event) => {
  // What could not be fetched does not stop the install: the pages still work online.
  event.waitUntil(
    Promise.all([
      keepOfflinePages().catch(() => undefined),
      keepRemoteEntries().catch(() => undefined),
    ]),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function offlinePage(url: URL): Promise<Response> {
  const cache = await caches.open(OFFLINE_CACHE);
  const listed = await cache.match(LOCALES_KEY);
  const site: SiteLocales | null = listed ? readSiteLocales(await listed.json()) : null;
  const locale = site ? localeOfPath(url.pathname, site) : null;
  const page =
    (locale ? await cache.match(offlinePageUrl(locale)) : undefined) ??
    (await cache.keys().then((keys) => {
      const any = keys.find((key) => new URL(key.url).pathname.startsWith('/_offline/'));
      return any ? cache.match(any) : undefined;
    }));
  return (
    page ??
    new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain' } })
  );
}

const pages = new NetworkFirst({
  cacheName: 'northstar-pages-v1',
  plugins: [
    { cacheWillUpdate: async ({ response }) => (isKeepablePage(response) ? response : null) },
    new ExpirationPlugin({ maxEntries: 30 }),
  ],
});

const plans: Partial<
  Record<
    CachePlan,
    { handle: (options: { request: Request; event: ExtendableEvent }) => Promise<Response> }
  >
> = {
  image: new StaleWhileRevalidate({
    cacheName: 'northstar-images-v1',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
  content: new StaleWhileRevalidate({
    cacheName: 'northstar-content-v1',
    plugins: [new ExpirationPlugin({ maxEntries: 60 })],
  }),
  code: new CacheFirst({
    cacheName: CODE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 90 * 24 * 3600 })],
  }),
  'code-manifest': new NetworkFirst({ cacheName: CODE_MANIFEST_CACHE }),
};

registerRoute(
  ({ url, request }) => planFor(url, request, self.location.origin) === 'page',
  async ({ url, request, event }) => {
    try {
      return await pages.handle({ request, event });
    } catch {
      return offlinePage(url);
    }
  },
);

for (const [plan, strategy] of Object.entries(plans)) {
  registerRoute(
    ({ url, request }) => planFor(url, request, self.location.origin) === plan,
    ({ request, event }) => strategy.handle({ request, event }),
  );
}
