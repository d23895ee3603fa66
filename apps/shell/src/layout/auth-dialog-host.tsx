import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { AUTH_DIALOG_ID, sessionAtom, useShellNavigation } from '@northstar/shell-sdk';
import {
  authFlag,
  FLAGS,
  readStoredRegistration,
  REDIRECT_PARAM,
  REGISTRATION_STORAGE_KEY,
  writeStoredRegistration,
} from '../dialogs/query-flags.ts';
import { syncFlagDialog } from '../dialogs/flag-dialog.ts';

export { authDialogSearch } from '../dialogs/query-flags.ts';

const PARAMS = [FLAGS.auth, FLAGS.reg, FLAGS.preventClose] as const;
/**
 * A sign-in popup opened for a pending `redirectUrl`: a visitor who closes it without signing in
 * has declined the return, so it goes too (else the popup would open again on the next change
 * of the URL). A sign-in goes there first (the auth remote's finish, url-effects.tsx).
 */
const REDIRECT_PARAMS = [...PARAMS, REDIRECT_PARAM] as const;

function readStorage(): string | null {
  try {
    return localStorage.getItem(REGISTRATION_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, a sandboxed frame)
  }
}

function writeStorage(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(REGISTRATION_STORAGE_KEY);
    else localStorage.setItem(REGISTRATION_STORAGE_KEY, value);
  } catch {
    // Without storage the popup is simply not remembered between visits.
  }
}

/**
 * Opens the authorization or registration popup through the dialog queue from
 * `show_popup_auth` / `show_popup_reg` (§2). `show_popup_reg` is also saved in storage and opens
 * again on a later visit (for a visitor) until the popup is closed or the player signs up or in;
 * `prevent_close=1` makes it not closable; closing removes the flags from the URL and from
 * storage. A visitor whom a guard sent to the index with `redirectUrl` (§2) gets the sign-in
 * popup with that return pending.
 */
export function AuthDialogHost() {
  const { search } = useShellNavigation();
  const status = useAtomValue(sessionAtom).status;
  // Storage is read and written here, after render (pages are server-rendered later).
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (status === 'signed-in') {
      // The popup's work is done (a sign-up or sign-in finished): its saved marker goes, or it
      // would open on every page once the player signs out. This also covers the moment after a
      // sign-up when the session is in but the URL still holds the flag (the navigation that
      // drops it is on its way), which used to save the marker again.
      writeStorage(null);
    } else if (params.get(FLAGS.reg)) {
      writeStorage(
        writeStoredRegistration({ preventClose: params.get(FLAGS.preventClose) === '1' }),
      );
    }
    // A saved registration popup is for visitors: it waits until the session is known.
    const saved = status === 'anonymous' ? readStoredRegistration(readStorage()) : null;
    const flag = authFlag(search, saved, { visitor: status === 'anonymous' });
    syncFlagDialog(
      'auth',
      flag
        ? {
            // One dialog for the five views (§2): the auth remote's `./dialogs` draws it and
            // moves between views itself; the flags choose the view it opens on.
            id: AUTH_DIALOG_ID,
            remote: 'auth',
            preventClose: flag.preventClose,
            props: { view: flag.id },
          }
        : null,
      flag?.redirect ? REDIRECT_PARAMS : PARAMS,
      () => writeStorage(null),
    );
  }, [search, status]);
  return null;
}
