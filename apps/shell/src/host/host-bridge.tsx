import { useEffect, useRef } from 'react';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { splitLocalePath } from '@northstar/i18n';
import { hostMode } from './host-mode.ts';
import type { HostSession } from './host-session.ts';

/**
 * Starts the page's part of its host (§1): in the web view, links off the site and payment pages
 * go through the host's bridge; in the messaging app's mini app, the host's theme, back button
 * and viewport. Nothing for a browser tab or the installed app, and nothing downloaded for them:
 * the host's code is its own chunk, asked for only inside a host.
 */
export function HostBridge() {
  const { locale, pathname, navigate } = useShellNavigation();
  const session = useRef<HostSession | null>(null);
  const home = routePath('home', {}, locale);
  const latest = useRef({ navigate, home, pathname });
  useEffect(() => {
    latest.current = { navigate, home, pathname };
  });

  useEffect(() => {
    const mode = hostMode();
    if (!mode) return;
    let stopped = false;
    void import('./host-session.ts').then(({ startHost }) => {
      if (stopped) return;
      session.current = startHost(mode, {
        navigate: (to) => latest.current.navigate(to),
        home: () => latest.current.home,
      });
      session.current.pageChanged(isHome(latest.current.pathname));
    });
    return () => {
      stopped = true;
      session.current?.stop();
      session.current = null;
    };
  }, []);

  useEffect(() => {
    session.current?.pageChanged(isHome(pathname));
  }, [pathname]);

  return null;
}

const isHome = (pathname: string) => splitLocalePath(pathname).path === '/';
