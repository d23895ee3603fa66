import { createBrowserRouter } from 'react-router';
import type { createStore } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import { sessionAtom, type Session } from '@northstar/shell-sdk';
import { hasSessionHint } from '../session/use-session-bootstrap.ts';
import { createRoutes } from './create-routes.tsx';
import { createPageGuard } from './page-guard.ts';

type Store = ReturnType<typeof createStore>;

/**
 * The page's router: the route tree with the §2 guard on every page route, bound to the page's
 * jotai store (the session) and QueryClient (the redirect table, the game categories). When the
 * session ends, the guards run again, so a protected page does not stay on screen for a visitor.
 */
export function createShellRouter(store: Store, queryClient: QueryClient) {
  // The guard reads the router's pending location; the router needs the guard first.
  const current: { router?: ReturnType<typeof createBrowserRouter> } = {};
  const guard = createPageGuard({
    store,
    queryClient,
    hasSessionHint,
    assign: (url) => window.location.assign(url),
    hashOf: (url) => {
      // A navigation's target, else (the first load, a revalidation) the address bar's.
      const pending = current.router?.state.navigation.location;
      const location = pending ?? window.location;
      return location.pathname === url.pathname && location.search === url.search
        ? location.hash
        : '';
    },
  });
  const router = createBrowserRouter(createRoutes(guard));
  current.router = router;
  let status: Session['status'] = store.get(sessionAtom).status;
  store.sub(sessionAtom, () => {
    const next = store.get(sessionAtom).status;
    const ended = status === 'signed-in' && next === 'anonymous';
    status = next;
    if (ended) void router.revalidate();
  });
  return router;
}
