import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { activateLocale, splitLocalePath } from '@northstar/i18n';
import { sameOriginPath, ShellNavigationContext, type ShellNavigation } from '@northstar/shell-sdk';
import { useSessionBootstrap } from './session/use-session-bootstrap.ts';
import { SessionBehaviour } from './session/session-behaviour.tsx';
import { loadMessageOverrides } from './content/message-overrides.ts';
import { usePageSeo } from './content/page-seo.ts';
import { SystemPageGate } from './system/system-page-gate.tsx';

/**
 * The root route: derives the locale from the path, keeps Lingui on it, and hands remotes the
 * navigation they may use (they never import the router).
 */
export function AppRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const { locale } = splitLocalePath(location.pathname);
  const refreshSession = useSessionBootstrap(location.pathname);
  usePageSeo(location.pathname, locale);

  useEffect(() => {
    document.documentElement.lang = locale;
    // Every change asks, even back to the active locale: a switch still loading must not win.
    void activateLocale(locale);
    void loadMessageOverrides(locale);
  }, [locale]);

  const navigation = useMemo<ShellNavigation>(
    () => ({
      locale,
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      // The one door through which the shell and every remote navigate; a target read from the
      // URL or storage (§2 redirectUrl, backUrl) that is not a path of this site is refused.
      navigate: (to, options) => {
        const path = sameOriginPath(to);
        if (path === null) {
          console.warn('[shell] refused to navigate off the site', to);
          return;
        }
        void navigate(path, options);
      },
    }),
    [locale, location.pathname, location.search, location.hash, navigate],
  );

  return (
    <ShellNavigationContext.Provider value={navigation}>
      <SessionBehaviour refreshSession={refreshSession}>
        <SystemPageGate>
          <Outlet />
        </SystemPageGate>
      </SessionBehaviour>
    </ShellNavigationContext.Provider>
  );
}
