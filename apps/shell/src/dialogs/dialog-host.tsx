import { lazy, Suspense } from 'react';
import { useDialogs } from '@northstar/shell-sdk';
import { AuthDialogHost } from '../layout/auth-dialog-host.tsx';
import { CampaignDialogFlag } from './campaign-flag.tsx';
import { useFlagNavigation } from './flag-dialog.ts';
import { withMoreMessages } from '../content/more-messages.ts';

// The frame and the remote loader are downloaded when the first dialog shows, not with the page.
const DialogView = lazy(() => withMoreMessages(() => import('./dialog-view.tsx')));

/**
 * The page's one dialog host (§2): draws the first dialog of the queue (one at a time; the next
 * shows when it closes) and opens the popups that URL flags ask for. The follow-up popups after
 * sign-in are queued by the player's watchers (dialogs/after-sign-in-runner.ts).
 */
export function DialogHost() {
  const { current } = useDialogs();
  useFlagNavigation();
  return (
    <>
      <AuthDialogHost />
      <CampaignDialogFlag />
      {current ? (
        <Suspense fallback={null}>
          <DialogView key={current.id} entry={current} />
        </Suspense>
      ) : null}
    </>
  );
}
