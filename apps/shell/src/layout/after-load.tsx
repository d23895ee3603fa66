import { useEffect, useState } from 'react';
import { Analytics } from '../analytics/analytics.tsx';
import { AppUpdates } from '../sw/app-updates.tsx';
import { LiveChat } from '../support/live-chat.tsx';

/** How long after these parts come the service worker is registered (3 s after `load` in all). */
const APP_UPDATES_AFTER_MS = 2000;

/**
 * The parts that come once the page has settled (layouts.tsx loads this chunk a second after the
 * page's `load`): the analytics with its cookie banner, the live chat (§4: loaded once the page
 * is interactive; a script-loaded provider's code in a chunk of its own), then the service worker
 * and new versions.
 */
export function AfterLoadParts({ banner }: { banner: boolean }) {
  const [updates, setUpdates] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setUpdates(true), APP_UPDATES_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <Analytics banner={banner} />
      <LiveChat />
      {updates ? <AppUpdates /> : null}
    </>
  );
}
