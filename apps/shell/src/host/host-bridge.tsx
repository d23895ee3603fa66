import { useEffect, useRef } from 'react';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { splitLocalePath } from '@northstar/i18n';
import { hostMode } from './host-mode.ts';
import { startHost, type HostSession } from './host-session.ts';

/**
 * Starts the page's part of its host (§1): in the web view, links off the site and payment pages
 * go through the host's bridge; in the messaging app's mini app, the host's theme, back button
 * and viewport. Its own chunk, which the layouts ask for only inside a host (layouts.tsx).
 */
export default function HostBridge() {
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
    const started = startHost(mode, {
      navigate: (to) => latest.current.navigate(to),
      home: () => latest.current.home,
    });
    session.current = started;
    started.pageChanged(isHome(latest.current.pathname));
    return () => {
      started.stop();
      session.current = null;
    };
  }, []);

  useEffect(() => {
    session.current?.pageChanged(isHome(pathname));
  }, [pathname]);

  return null;
}

const isHome = (pathname: string) => splitLocalePath(pathname).path === '/';
