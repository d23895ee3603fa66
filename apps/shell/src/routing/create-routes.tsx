import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { DEFAULT_LOCALE, defaultLocaleRedirect } from '@northstar/i18n/locales';
import type { LayoutName, RemoteName, RouteId } from '@northstar/shell-sdk';
import { loadRemoteRoutes, RemoteUnavailableError } from '../federation/remotes.ts';
import { AppRoot } from '../app-root.tsx';
import { DefaultLayout, EmptyLayout, GameLayout, SpriteLayout } from '../layout/layouts.tsx';
import { ClientOnlySlot, RemotePage } from './remote-page.tsx';
import { RouteErrorBoundary } from '../system/route-error-boundary.tsx';
import { PageSkeleton } from '../system/page-skeleton.tsx';
import { HomePage } from '../pages/home-page.tsx';
import type { SHELL_PAGES } from '../pages/shell-pages.tsx';
import { ROUTE_MANIFEST, type ManifestEntry } from './route-manifest.ts';
import type { PageGuard } from './page-guard.ts';
import { UrlEffects } from './url-effects.tsx';
import { withMoreMessages } from '../content/more-messages.ts';

type ShellPages = typeof SHELL_PAGES;

/** Shell routes with no page of their own: the guard answers 404 before they render (§2). */
const LEGACY_ROUTES: ReadonlySet<RouteId> = new Set(['legacyResponsibleGame', 'legacyBets']);

const LAYOUTS: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  empty: EmptyLayout,
  game: GameLayout,
  'svg-sprite': SpriteLayout,
};

/** The not-found page, downloaded when a path turns out to be one (not with the first screen). */
const notFoundPage = async () => ({
  Component: (await withMoreMessages(() => import('../system/not-found-page.tsx'))).NotFoundPage,
});

function toRouteObject(entry: ManifestEntry, loader: PageGuard): RouteObject {
  const handle = { routeId: entry.id, owner: entry.owner };
  if (entry.id === 'home') {
    return {
      path: entry.path,
      Component: HomePage,
      handle,
      loader,
      ErrorBoundary: RouteErrorBoundary,
    };
  }
  if (LEGACY_ROUTES.has(entry.id)) {
    // The guard throws a 404 for these; the page is there only if it ever let one through.
    return {
      path: entry.path,
      lazy: notFoundPage,
      handle,
      loader,
      ErrorBoundary: RouteErrorBoundary,
    };
  }
  if (entry.owner === 'shell') {
    const id = entry.id as keyof ShellPages;
    return {
      path: entry.path,
      handle,
      loader,
      ErrorBoundary: RouteErrorBoundary,
      lazy: async () => ({
        Component: (await withMoreMessages(() => import('../pages/shell-pages.tsx'))).SHELL_PAGES[
          id
        ],
      }),
    };
  }
  const owner: RemoteName = entry.owner;
  return {
    path: entry.path,
    handle,
    loader,
    ErrorBoundary: RouteErrorBoundary,
    // The remote's code is fetched the first time one of its paths is visited. A failure is not
    // thrown at the router (a rejected `lazy` on the first load leaves the route unresolved and
    // the page blank): the route renders the fallback instead, and a reload tries again.
    lazy: async () => {
      try {
        const remote = await loadRemoteRoutes(owner);
        const Page = remote.pages[entry.id as keyof typeof remote.pages] as
          ComponentType<never> | undefined;
        if (!Page) throw new RemoteUnavailableError(owner, `no page for route ${entry.id}`);
        return {
          Component: () => <RemotePage page={Page} routeId={entry.id as RouteId} owner={owner} />,
        };
      } catch (error) {
        // The fallback's own code comes with the failure, not with every first screen.
        const { RemoteUnavailable } = await withMoreMessages(
          () => import('../system/remote-unavailable.tsx'),
        );
        return {
          Component: () => (
            <ClientOnlySlot owner={owner}>
              <RemoteUnavailable owner={owner} error={error} />
            </ClientOnlySlot>
          ),
        };
      }
    },
  };
}

const redirectDefaultLocale = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  return redirect(defaultLocaleRedirect(url.pathname + url.search + url.hash) ?? '/', 301);
};

/**
 * The router's tree: one branch per layout, each holding the manifest entries that use it. Every
 * page route (and the catch-all) runs `guard` as its loader (routing/page-guard.ts).
 *
 * `AppRoot` renders while the first page's loader and code are on the way (the skeleton is one
 * level below it): it starts the session, which the guard may wait for.
 */
export function createRoutes(guard: PageGuard): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as LayoutName[];
  return [
    {
      id: 'root',
      Component: AppRoot,
      children: [
        {
          id: 'pages',
          Component: UrlEffects,
          HydrateFallback: PageSkeleton,
          children: [
            // `/en-US/x` → `/x` (the server answers 301 first; this covers client-side links).
            { path: `/${DEFAULT_LOCALE}`, loader: redirectDefaultLocale },
            { path: `/${DEFAULT_LOCALE}/*`, loader: redirectDefaultLocale },
            ...layouts.map((layout) => ({
              id: `layout-${layout}`,
              Component: LAYOUTS[layout],
              children: [
                ...ROUTE_MANIFEST.filter((entry) => entry.layout === layout).map((entry) =>
                  toRouteObject(entry, guard),
                ),
                ...(layout === 'default'
                  ? [
                      {
                        path: '*',
                        lazy: notFoundPage,
                        loader: guard,
                        ErrorBoundary: RouteErrorBoundary,
                        handle: { routeId: 'notFound', owner: 'shell' },
                      },
                    ]
                  : []),
              ],
            })),
          ],
        },
      ],
    },
  ];
}
