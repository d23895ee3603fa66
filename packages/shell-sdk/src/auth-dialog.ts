import { openDialog } from './dialogs.ts';

/**
 * The auth remote's popup (apps/auth/src/dialogs.tsx): one dialog id for its five views (§2),
 * the id the shell's `show_popup_auth` / `show_popup_reg` flags open too, so both dedupe.
 */
export const AUTH_DIALOG_ID = 'auth';

export type AuthDialogView = 'authorization' | 'registration';

/**
 * Opens the sign-in or registration popup from a remote's own flow (a game page's `#real`, a
 * "sign up" button) and resolves when it closes, whatever closed it: the player (Esc, overlay,
 * close button) or a finished sign-in or sign-up. Read the session afterwards to tell which.
 */
export function openAuthDialog(view: AuthDialogView): Promise<void> {
  return openDialog({ id: AUTH_DIALOG_ID, remote: 'auth', props: { view } }).then(() => undefined);
}
