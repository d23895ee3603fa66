/**
 * The service worker's life as the page sees it (§4): registered, installed (offline ready),
 * activated; a new version waiting is offered and taken on consent (the page then reloads); a
 * worker another tab let take over reloads this page too. The browser's own API, a few lines:
 * workbox-window does the same in ten times the code, and this runs on every page (loaded after
 * hydration, in its own chunk, by app-updates.tsx).
 */
export interface WorkerEvents {
  /** The first worker is installed: the site works offline from now on. */
  offlineReady(): void;
  /** A new worker is waiting: `accept()` lets it take over, and the page reloads. */
  updateReady(accept: () => void): void;
}

export interface WorkerHandle {
  /** Asks the server for a newer worker now (a new build was announced). */
  checkForUpdate(): Promise<void>;
}

export async function registerServiceWorker(events: WorkerEvents): Promise<WorkerHandle> {
  const container = navigator.serviceWorker;
  // A page that had a worker before: a change of worker is a new version (reload); the first
  // worker taking the page over (clients.claim) is not.
  const hadWorker = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadWorker || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const registration = await container.register('/sw.js', { scope: '/' });
  const offer = (worker: ServiceWorker) =>
    events.updateReady(() => worker.postMessage({ type: 'SKIP_WAITING' }));
  // The installing worker may be seen twice (`installing` at registration and `updatefound`).
  const watched = new WeakSet<ServiceWorker>();
  const watch = (worker: ServiceWorker) => {
    if (watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      if (container.controller) offer(worker);
      else events.offlineReady();
    });
  };
  if (registration.waiting && container.controller) offer(registration.waiting);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) watch(registration.installing);
  });
  return {
    checkForUpdate: async () => {
      await registration.update();
    },
  };
}

/**
 * The build the page runs, as `latest.json` names it (the shell's rspack.config.ts writes both;
 * unit tests and the server build have none).
 */
export const RUNNING_BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unbuilt';

/** Whether `latest.json` (`{ "build": "…" }`) names another build than the page's. */
export function isNewBuild(latest: unknown, running: string = RUNNING_BUILD): boolean {
  const build = (latest as { build?: unknown } | null)?.build;
  return typeof build === 'string' && build.length > 0 && build !== running;
}

/** Reads `latest.json` past every cache (§4: polled with a timestamp query). */
export async function fetchLatestBuild(now: number = Date.now()): Promise<unknown> {
  const answer = await fetch(`/latest.json?t=${now}`, { cache: 'no-store' });
  if (!answer.ok) return null;
  return answer.json();
}
