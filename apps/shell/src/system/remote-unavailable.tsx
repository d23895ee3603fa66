import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import { Button, PagePlaceholder } from '@northstar/ui';
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
 * Drawn in a page's place when its remote cannot be loaded (or its page throws). The header, the
 * menus and every other remote keep working. A chunk-load error first reloads the target path
 * once (reload guard 10 s, §4 §9); after that the fallback stays.
 */
export function RemoteUnavailable({ owner, error }: { owner: string; error: unknown }) {
  const { pathname, search, hash } = useShellNavigation();
  const [reloading] = useState(() => {
    const storage = sessionStorageOrNull();
    return isChunkLoadError(error) && storage !== null && claimReload(storage);
  });

  useEffect(() => {
    if (reloading) window.location.assign(pathname + search + hash);
    else console.error(`[shell] ${owner} is unavailable`, error);
  }, [reloading, owner, error, pathname, search, hash]);

  if (reloading) return <PageSkeleton />;

  return (
    <div data-remote-fallback={owner} role="alert">
      <PagePlaceholder
        owner={`${owner}-fallback`}
        title={<Trans id="remoteFallback.title">This section is taking a break</Trans>}
        text={
          <Trans id="remoteFallback.text">
            We could not load this part of the site. The rest of Northstar works as usual; please
            try again in a moment.
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
