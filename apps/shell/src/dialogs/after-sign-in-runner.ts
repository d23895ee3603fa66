import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import {
  afterSignIn,
  openDialog,
  type AfterSignInCheck,
  type SessionUser,
} from '@northstar/shell-sdk';
import { unseenCashbackCheck } from './unseen-cashback.ts';
import { syncFlagDialog } from './flag-dialog.ts';
import { FLAGS } from './query-flags.ts';
import {
  afterSignInSettledAtom,
  campaignDialog,
  campaignStepRequest,
  takeCampaignAddress,
} from './campaign-request.ts';

// §4 "After login": first of all, a player who signed in with a social account and still owes
// the rest of the sign-up gets the auth remote's social-registration view. Its own id, so it
// waits behind a sign-in popup that is still closing rather than replacing it.
afterSignIn.register('social-registration', ({ user }) =>
  user.registrationCompleted === false
    ? { id: 'social-registration', remote: 'auth', props: { view: 'socialRegistration' } }
    : null,
);

// §4 then the newest unseen cashback (the profile remote's UnseenCashbackPopup, issue #26).
afterSignIn.register('unseen-cashback', unseenCashbackCheck);

/**
 * §4 then a campaign popup, only when one was asked for (`?popup=`, here or as a visitor: §6 a
 * visitor is shown none) and the page allows it (campaign-request.ts). The address and the held
 * request are read at once, before anything is awaited: the navigation that follows a sign-in
 * leaves the link's address. The rules are downloaded only when there is something to check.
 */
export const campaignCheck: AfterSignInCheck = async () => {
  const { pathname, search, hash } = window.location;
  const held = takeCampaignAddress();
  if (!held && !/[?&]popup=/.test(search)) return null;
  const { campaignPopupParam } = await import('@northstar/shell-sdk/query-params');
  const pending = held ? campaignPopupParam(held.pathname, held.search, held.hash) : null;
  const request = campaignStepRequest({ pathname, search, hash }, pending, campaignPopupParam);
  return request ? campaignDialog(request) : null;
};
afterSignIn.register('campaign', campaignCheck);

/**
 * §4 "After login": runs the registered follow-up checks and queues the popups that apply, in
 * order. Called by the player's watchers (session/player-watchers.tsx), which mount once per
 * signed-in player: on a sign-in, and on a page load with a session. Outside the first screen's
 * code, like everything only a signed-in player needs. When it has run, the campaign flag may
 * open campaign popups for the player's later navigations (`afterSignInSettledAtom`).
 */
export function useAfterSignInRunner(user: SessionUser): void {
  const setSettled = useSetAtom(afterSignInSettledAtom);
  useEffect(() => {
    let live = true;
    void afterSignIn
      .run({ user }, (dialog) =>
        // The campaign popup is the `popup` flag's (campaign-flag.tsx): opened through it, so
        // closing it removes the parameter and the flag does not open it a second time.
        dialog.id === 'campaign'
          ? syncFlagDialog('campaign', dialog, [FLAGS.campaign])
          : openDialog(dialog),
      )
      .finally(() => {
        if (live) setSettled(user.uid);
      });
    return () => {
      live = false;
      setSettled(null);
    };
    // Once per signed-in player (the watchers are keyed by uid).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
