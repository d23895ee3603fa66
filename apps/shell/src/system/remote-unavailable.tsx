import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { sameOriginPath, useShellNavigation } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { PagePlaceholder } from '@northstar/ui/page-placeholder';
import { claimReload, isChunkLoadError } from '../federation/reload-guard.ts';
import { PageSkeleton } from './page-skeleton.tsx';

/** The longest a reload waits for the page's own loading to finish. */
const RELOAD_WAIT_MS = 3000;

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
    if (!reloading) {
      console.error(`[shell] ${owner} is unavailable`, error);
      return;
    }
    // A full page load of a path from the address bar: `//host/…` or `/\host` there would
    // leave the site, so only a same-origin path is followed (the home page otherwise).
    const reload = () => window.location.assign(sameOriginPath(pathname + search + hash) ?? '/');
    if (document.readyState === 'complete') {
      reload();
      return;
    }
    // Let the page finish loading first (the web fonts, the chunks already on their way), so the
    // reload finds them in the cache instead of aborting and fetching them again; a page that
    // never finishes loading still reloads after a moment.
    const timer = window.setTimeout(reload, RELOAD_WAIT_MS);
    const onLoad = () => {
      window.clearTimeout(timer);
      reload();
    };
    window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', onLoad);
    };
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
