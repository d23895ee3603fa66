import { useEffect, useState } from 'react';
import { useLocation, useRouteError, useMatches } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Button, PagePlaceholder } from '@northstar/ui';
import { RemoteUnavailableError } from '../federation/remotes.ts';
import { claimReload, isChunkLoadError } from '../federation/reload-guard.ts';
import { PageSkeleton } from './page-skeleton.tsx';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Drawn in a page's place when its remote cannot be loaded or its page throws. The header, the
 * menus and every other remote keep working. A chunk-load error first reloads the target path
 * once (reload guard 10 s); after that the fallback stays.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const matches = useMatches();
  const owner =
    error instanceof RemoteUnavailableError
      ? error.remote
      : ((matches.at(-1)?.handle as { owner?: string } | undefined)?.owner ?? 'shell');
  const [reloading] = useState(() => {
    const storage = sessionStorageOrNull();
    return isChunkLoadError(error) && storage !== null && claimReload(storage);
  });

  useEffect(() => {
    if (reloading) window.location.assign(location.pathname + location.search + location.hash);
    else console.error('[shell] page failed', error);
  }, [reloading, error, location]);

  if (reloading) return <PageSkeleton />;

  return (
    <div data-remote-fallback={owner} role="alert">
      <PagePlaceholder
        owner={`${owner}-fallback`}
        title={<Trans id="remoteFallback.title">This section is taking a break</Trans>}
        text={
          <Trans id="remoteFallback.text">
            We could not load this part of the site. The rest of Northstar works as usual; please try
            again in a moment.
          </Trans>
        }
      >
        <div style={{ marginTop: 24 }}>
          <Button onClick={() => window.location.reload()}>
            <Trans id="remoteFallback.retry">Try again</Trans>
          </Button>
        </div>
      </PagePlaceholder>
    </div>
  );
}
