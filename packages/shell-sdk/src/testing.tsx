/**
 * `@northstar/shell-sdk/testing`: a remote's page rendered as the platform's server renders it,
 * for the remotes' server-render tests (never in a build: only test files import it). No window;
 * the session known; the page's data and the locale's site config already in the QueryClient, as
 * the server's data pass leaves them; the shell's providers around it (jotai store, React Query,
 * Lingui, navigation, theme). Lingui's macro must still be mocked in the test file itself
 * (`vi.mock` applies to the file that calls it).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { CmsConfigResponse } from '@northstar/contract';
import { SITE_CONFIG_SECTION_DEFAULTS } from '@northstar/contract/site-config-defaults';
import { ThemeProvider } from '@northstar/ui';
import { ShellNavigationContext, type ShellNavigation } from './navigation.ts';
import { siteContentQuery } from './site-content.ts';
import { sessionAtom, type Session } from './state.ts';

/** A signed-in player (uid 7) and a visitor, the two sessions pages render for. */
export const TEST_PLAYER: Session = {
  status: 'signed-in',
  user: { uid: 7, login: 'demo@northstar.test', fakename: 'DemoPlayer' },
};
export const TEST_VISITOR: Session = { status: 'anonymous' };

export interface ServerRenderOptions {
  session?: Session;
  pathname?: string;
  search?: string;
  /** Query keys and their data, as the server's data pass leaves them in the QueryClient. */
  data?: [readonly unknown[], unknown][];
  /** Sets atoms in the page's store before it renders (a slip, a setting). */
  prepare?: (store: ReturnType<typeof createStore>) => void;
}

/**
 * The HTML a page renders on the server, React's text separators (`<!-- -->`) left out: they are
 * not what the player reads. The locale is en-US with its catalogue empty (texts as written);
 * the site config is an operator's who set nothing, so every section reads its defaults.
 */
export function serverRender(ui: ReactNode, options: ServerRenderOptions = {}): string {
  if (i18n.locale !== 'en-US') i18n.loadAndActivate({ locale: 'en-US', messages: {} });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(siteContentQuery('en-US').queryKey, {
    siteConfig: SITE_CONFIG_SECTION_DEFAULTS,
    commonContent: {},
  } as unknown as CmsConfigResponse);
  for (const [key, value] of options.data ?? []) client.setQueryData(key, value);
  const store = createStore();
  store.set(sessionAtom, options.session ?? TEST_VISITOR);
  options.prepare?.(store);
  const navigation: ShellNavigation = {
    locale: 'en-US',
    pathname: options.pathname ?? '/',
    search: options.search ?? '',
    hash: '',
    navigate: () => {},
  };
  return renderToString(
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <ShellNavigationContext.Provider value={navigation}>
            <ThemeProvider>{ui}</ThemeProvider>
          </ShellNavigationContext.Provider>
        </I18nProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  ).replaceAll('<!-- -->', '');
}
