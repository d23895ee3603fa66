import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  activateLocale,
  i18n,
  registerCatalog,
  splitLocalePath,
  type Messages,
} from '@northstar/i18n';
import { sessionAtom } from '@northstar/shell-sdk';
import { ThemeProvider } from '@northstar/ui';
import { registerRemotesFromManifest } from './federation/remotes.ts';
import { TransitionI18nProvider } from './i18n-provider.tsx';
import { createShellRouter } from './routing/create-router.ts';
import { clientOnlyRemotes, readServerState } from './routing/server-state.ts';
import { prefetchPublicStartup } from './session/startup.ts';
import { resetOnSignOut, watchSignOut } from './session/sign-out-reset.ts';
import {
  PAGE_QUERY_DEFAULTS,
  seedServerSystemPage,
  systemPageCaches,
} from './system/query-errors.ts';

/**
 * Starts the page. A function rather than top-level `await`: a module with top-level await makes
 * the bundler ship its async-module runtime and wrap every module on the way (about 0.5 KB gzip
 * on every page).
 */
async function start(): Promise<void> {
  // Start fetching /remotes.json before anything else; routes await it in their `lazy`.
  void registerRemotesFromManifest();

  await registerCatalog('shell', (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  );
  const { locale } = splitLocalePath(window.location.pathname);
  /** The state a server-rendered page was rendered with (null when the server did not render it). */
  const server = readServerState(document);

  /** One jotai store and one QueryClient for the page, shared with every remote. */
  const store = createStore();
  if (server) store.set(sessionAtom, server.session);
  // §4 what resets on logout (the registration hint's "Hide"), however the session ends.
  watchSignOut(store, () => resetOnSignOut(() => window.sessionStorage));
  // The page the server answered (maintenance with its 503, not found with its 404, …) shows first.
  seedServerSystemPage(store, document, window.location.pathname);
  const queryClient = new QueryClient({
    // §8: banned, disabled or unavailable application and 403 from any query take the page over.
    ...systemPageCaches(store, {
      path: () => window.location.pathname,
      userAgent: navigator.userAgent,
    }),
    defaultOptions: {
      queries: PAGE_QUERY_DEFAULTS,
    },
  });
  if (server) {
    hydrate(queryClient, server.queries);
    for (const name of server.clientOnlyRemotes) clientOnlyRemotes.add(name);
  }
  // The page's locale is active before any start-up call: the transport sends the active locale,
  // and a call made while the catalog was still loading went out in the default one (the Spanish
  // site's phone codes came back in English).
  await activateLocale(locale);
  if (server) {
    // The start-up calls the first screen does not show wait until the page is hydrated and idle.
    const later = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 1));
    later(() => void prefetchPublicStartup(queryClient, locale));
  } else {
    // §7 start-up calls.
    void prefetchPublicStartup(queryClient, locale);
  }
  const router = await createShellRouter(store, queryClient, server ?? undefined);

  const app = (
    <StrictMode>
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <TransitionI18nProvider i18n={i18n}>
            <ThemeProvider>
              <RouterProvider router={router} />
            </ThemeProvider>
          </TransitionI18nProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>
  );
  const onUncaughtError = (error: unknown, info: { componentStack?: string }) =>
    console.error('[shell] uncaught render error', error, info.componentStack);
  const root = document.getElementById('root')!;
  if (server) hydrateRoot(root, app, { onUncaughtError });
  else createRoot(root, { onUncaughtError }).render(app);
}

start().catch((error: unknown) => console.error('[shell] the page did not start', error));
