import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { notifyNavigation } from './navigation-events.ts';
import type { createStore } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import { sessionAtom, type Session } from '@northstar/shell-sdk';
import { hasSessionHint } from '../session/use-session-bootstrap.ts';
import { createRoutes } from './create-routes.tsx';
import type { PageGuard, PageGuardDeps } from './page-guard.ts';
import type { ServerState } from './server-state.ts';

type Store = ReturnType<typeof createStore>;

/**
 * The routes of the page the browser is on, with their `lazy` parts (a remote's routes, the
 * shell's own pages) loaded: a server-rendered page hydrates with the same components the server
 * drew, not with a fallback while they load.
 */
async function loadMatchedRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved);
      route.lazy = undefined;
    }),
  );
}

/**
 * The page's router: the route tree with the §2 guard on every page route, bound to the page's
 * jotai store (the session) and QueryClient (the redirect table, the game categories). When the
 * session ends, the guards run again, so a protected page does not stay on screen for a visitor.
 *
 * With `server` (a server-rendered page), the router starts from the server's loader data and the
 * page's lazy routes are loaded before it is made, so hydration renders what the server did; the
 * server already applied the first load's rules.
 */
export async function createShellRouter(
  store: Store,
  queryClient: QueryClient,
  server?: Pick<ServerState, 'loaderData' | 'errors'>,
) {
  // The guard reads the router's pending location; the router needs the guard first.
  const current: { router?: ReturnType<typeof createBrowserRouter> } = {};
  const deps: PageGuardDeps = {
    store,
    queryClient,
    hasSessionHint,
    hydrated: server !== undefined,
    assign: (url) => window.location.assign(url),
    hashOf: (url) => {
      // A navigation's target, else (the first load, a revalidation) the address bar's.
      const pending = current.router?.state.navigation.location;
      const location = pending ?? window.location;
      return location.pathname === url.pathname && location.search === url.search
        ? location.hash
        : '';
    },
  };
  // A server-rendered page's first load was decided by the server, so the guard's code (the
  // redirect table, the §2 rules) is needed only from the first client-side navigation on: it
  // loads then, in parallel with the next page's code, not in front of the first paint.
  let loading: Promise<PageGuard> | null = null;
  const guard: PageGuard = async (args) => {
    loading ??= import('./page-guard.ts').then((m) => m.createPageGuard(deps));
    return (await loading)(args);
  };
  const routes = createRoutes(guard);
  if (server) await loadMatchedRoutes(routes, window.location);
  const router = createBrowserRouter(
    routes,
    server
      ? { hydrationData: { loaderData: server.loaderData, errors: server.errors } }
      : undefined,
  );
  current.router = router;
  let location = router.state.location;
  router.subscribe((state) => {
    if (state.location === location) return;
    location = state.location;
    notifyNavigation(location.pathname);
  });
  let status: Session['status'] = store.get(sessionAtom).status;
  store.sub(sessionAtom, () => {
    const next = store.get(sessionAtom).status;
    const ended = status === 'signed-in' && next === 'anonymous';
    status = next;
    if (ended) void router.revalidate();
  });
  return router;
}
