import { openThroughHost } from '@northstar/shell-sdk/host-bridge';
import type { HostMode } from './host-mode.ts';
import { startMiniApp } from './mini-app.ts';

export interface HostContext {
  navigate: (to: string) => void;
  /** The home page in the page's current locale. */
  home: () => string;
}

export interface HostSession {
  /** The page changed: whether it is the home page (the host's back button hides there). */
  pageChanged(home: boolean): void;
  stop(): void;
}

/**
 * A click on a link off the site (or one that opens a new window) handed to `open` instead of
 * the web view: a web view either leaves the site for good or opens nothing at all. Modified
 * clicks and links on the site go on as usual.
 */
export function externalLinks(open: (url: string) => boolean): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(target instanceof HTMLAnchorElement)) return;
    const url = new URL(target.href, window.location.href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const offSite = url.origin !== window.location.origin;
    if (!offSite && target.target !== '_blank') return;
    if (open(url.href)) event.preventDefault();
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

/**
 * Starts the page's part of its host. `<html data-host="…">` says it runs (the links now go to
 * the host), for styles and for tests.
 */
export function startHost(mode: HostMode, context: HostContext): HostSession {
  const session =
    mode === 'webview'
      ? {
          pageChanged: () => undefined,
          stop: externalLinks((url) => openThroughHost(url, 'external')),
        }
      : startMiniApp(context);
  const root = document.documentElement;
  root.setAttribute('data-host', mode);
  return {
    pageChanged: (home) => session.pageChanged(home),
    stop() {
      root.removeAttribute('data-host');
      session.stop();
    },
  };
}
