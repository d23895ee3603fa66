import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import {
  activateLocale,
  i18n,
  registerCatalog,
  splitLocalePath,
  type Messages,
} from '@northstar/i18n';
import { ThemeProvider } from '@northstar/ui';
import { registerRemotesFromManifest } from './federation/remotes.ts';
import { createShellRouter } from './routing/create-router.ts';
import { prefetchPublicStartup } from './session/startup.ts';
import { retryQuery, seedServerSystemPage, systemPageCaches } from './system/query-errors.ts';

// Start fetching /remotes.json before anything else; routes await it in their `lazy`.
void registerRemotesFromManifest();

await registerCatalog('shell', (locale) =>
  import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
);
const { locale } = splitLocalePath(window.location.pathname);

/** One jotai store and one QueryClient for the page, shared with every remote. */
const store = createStore();
// The page the server answered (maintenance with its 503, not found with its 404, …) shows first.
seedServerSystemPage(store, document, window.location.pathname);
const queryClient = new QueryClient({
  // §8: banned, disabled or unavailable application and 403 from any query take the page over.
  ...systemPageCaches(store, {
    path: () => window.location.pathname,
    userAgent: navigator.userAgent,
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: retryQuery },
  },
});
// §7 start-up calls, in parallel with the catalog of the page's locale.
void prefetchPublicStartup(queryClient, locale);
await activateLocale(locale);
const router = createShellRouter(store, queryClient);

createRoot(document.getElementById('root')!, {
  onUncaughtError: (error, info) =>
    console.error('[shell] uncaught render error', error, info.componentStack),
}).render(
  <StrictMode>
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <ThemeProvider>
            <RouterProvider router={router} />
          </ThemeProvider>
        </I18nProvider>
      </QueryClientProvider>
    </JotaiProvider>
  </StrictMode>,
);
