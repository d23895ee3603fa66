import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { dismissToast, showToast } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { onNavigation } from '../routing/navigation-events.ts';

/** How often an open page asks whether a new build is out (§4: `latest.json`). */
export const BUILD_POLL_MS = 5 * 60_000;
const UPDATE_TOAST = 'app-update';
/** Whether a mounted AppUpdates already looks after the page. */
let started = false;

/**
 * The installed app's life on the page (§4, issue #28): registers the service worker once the
 * page is idle after hydration (its code in a chunk of its own), says once that the site now
 * works offline, and offers a new version when one is out — from the waiting worker, or from
 * `latest.json` polled every five minutes and when the tab comes back. "Reload" takes it at once;
 * otherwise the next navigation loads the new version as a full page.
 */
export function AppUpdates() {
  const { t } = useLingui();
  const words = {
    updateTitle: t({ id: 'app.update.title', message: 'A new version is ready' }),
    updateText: t({
      id: 'app.update.text',
      message: 'Reload to use it now, or it loads with the next page you open.',
    }),
    reload: t({ id: 'app.update.reload', message: 'Reload' }),
    offlineReady: t({
      id: 'app.offline.ready',
      message: 'The site is ready to open even without a connection.',
    }),
  };
  // The texts in the page's current language when a message comes.
  const texts = useRef(words);
  useEffect(() => {
    texts.current = words;
  });

  useEffect(() => {
    // One per page: the layouts that draw it replace each other.
    if (!('serviceWorker' in navigator) || started) return;
    started = true;
    let stopped = false;
    let newVersion = false;
    let accept: (() => void) | null = null;
    let check: (() => Promise<void>) | null = null;

    const offer = () => {
      newVersion = true;
      showToast({
        id: UPDATE_TOAST,
        tone: 'info',
        duration: 0,
        title: texts.current.updateTitle,
        text: texts.current.updateText,
        action: (
          <Button
            size="sm"
            onClick={() => {
              dismissToast(UPDATE_TOAST);
              if (accept) accept();
              else window.location.reload();
            }}
          >
            {texts.current.reload}
          </Button>
        ),
      });
    };

    const stopNavigation = onNavigation(() => {
      // The router has moved on (the address is the new one): with a new version out, the new
      // page is loaded whole, in the new version, instead of drawn by this one.
      if (newVersion && accept === null) window.location.reload();
    });

    const poll = async () => {
      const { fetchLatestBuild, isNewBuild } = await import('./register.ts');
      const latest = await fetchLatestBuild().catch(() => null);
      if (!stopped && !newVersion && isNewBuild(latest)) {
        await check?.().catch(() => undefined);
        offer();
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };

    const start = () => {
      void import('./register.ts')
        .then(({ registerServiceWorker }) =>
          registerServiceWorker({
            offlineReady: () =>
              showToast({
                id: 'app-offline-ready',
                tone: 'success',
                text: texts.current.offlineReady,
              }),
            updateReady: (take) => {
              accept = take;
              offer();
            },
          }),
        )
        .then((worker) => {
          check = worker.checkForUpdate;
        })
        // A soft failure (§8): the site works without it (a browser that refuses workers).
        .catch((error: unknown) => console.info('[shell] service worker not registered', error));
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(start) : window.setTimeout(start, 1);
    const timer = window.setInterval(() => void poll(), BUILD_POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      started = false;
      stopped = true;
      stopNavigation();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return null;
}
