import { useEffect } from 'react';
import { afterSignIn, openDialog, type SessionUser } from '@northstar/shell-sdk';
import { unseenCashbackCheck } from './unseen-cashback.ts';

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
 * §4 "After login": runs the registered follow-up checks and queues the popups that apply, in
 * order. Called by the player's watchers (session/player-watchers.tsx), which mount once per
 * signed-in player: on a sign-in, and on a page load with a session. Outside the first screen's
 * code, like everything only a signed-in player needs.
 */
export function useAfterSignInRunner(user: SessionUser): void {
  useEffect(() => {
    void afterSignIn.run({ user }, (dialog) => openDialog(dialog));
    // Once per signed-in player (the watchers are keyed by uid).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
