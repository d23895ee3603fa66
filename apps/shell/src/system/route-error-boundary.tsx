import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useMatches, useRouteError } from 'react-router';
import { useStore } from 'jotai';
import { isApiError } from '@northstar/errors';
import { isChunkLoadError } from '../federation/reload-guard.ts';
import { reportError } from './system-page-state.ts';
import { withMoreMessages } from '../content/more-messages.ts';

// Drawn only when a section fails: not part of the first screen's download.
const RemoteUnavailable = lazy(() =>
  withMoreMessages(() => import('./remote-unavailable.tsx')).then((module) => ({
    default: module.RemoteUnavailable,
  })),
);

/** A thrown router response (`throw data(…, 404)`) or an API error: it has a status to map. */
function hasStatus(error: unknown): boolean {
  return (
    isApiError(error) ||
    (typeof error === 'object' &&
      error !== null &&
      typeof (error as { status?: unknown }).status === 'number')
  );
}

/**
 * What a route shows when it throws (§8):
 * - a status (a router response such as the 404 of a page whose validation fails, a 403, a 503,
 *   or an API error): its system page, through the one mapping of error-pages.ts;
 * - a remote's code that does not load, or a remote's page that breaks: that section's fallback,
 *   in the page's place only, while the rest of the site keeps working (§4);
 * - anything else the shell's own pages throw: the errors slot (only logged for crawlers).
 * The system page is drawn by `SystemPageGate` in place of the layout, so forbidden and
 * maintenance show without the header and footer.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const matches = useMatches();
  const { pathname } = useLocation();
  const store = useStore();
  const owner = (matches.at(-1)?.handle as { owner?: string } | undefined)?.owner ?? 'shell';
  const sectionFallback = isChunkLoadError(error) || (owner !== 'shell' && !hasStatus(error));

  useEffect(() => {
    if (sectionFallback) return;
    reportError(store, error, { source: 'route', path: pathname, userAgent: navigator.userAgent });
  }, [sectionFallback, store, error, pathname]);

  if (sectionFallback) {
    return (
      <Suspense fallback={null}>
        <RemoteUnavailable owner={owner} error={error} />
      </Suspense>
    );
  }
  return null;
}
