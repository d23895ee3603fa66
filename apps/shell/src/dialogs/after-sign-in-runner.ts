import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { afterSignIn, openDialog, sessionAtom, type Session } from '@northstar/shell-sdk';

// §4 "After login": first of all, a player who signed in with a social account and still owes
// the rest of the sign-up gets the auth remote's social-registration view. Its own id, so it
// waits behind a sign-in popup that is still closing rather than replacing it.
afterSignIn.register('social-registration', ({ user }) =>
  user.registrationCompleted === false
    ? { id: 'social-registration', remote: 'auth', props: { view: 'socialRegistration' } }
    : null,
);

/** The status the queue last saw (module state: a layout switch remounts the host). */
let lastStatus: Session['status'] = 'unknown';

/**
 * §4 "After login": when the session turns signed-in (from anonymous, or from unknown on a page
 * load), runs the registered follow-up checks and queues the popups that apply, in order.
 */
export function useAfterSignInRunner(): void {
  const session = useAtomValue(sessionAtom);
  useEffect(() => {
    const before = lastStatus;
    lastStatus = session.status;
    if (session.status !== 'signed-in' || before === 'signed-in') return;
    void afterSignIn.run({ user: session.user }, (dialog) => openDialog(dialog));
  }, [session]);
}
