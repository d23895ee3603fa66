import type { Messages } from '@northstar/i18n';
import { defineRemoteDialogs } from '@northstar/shell-sdk';
import { AuthPopup, AuthTitle } from './features/popup/auth-popup.tsx';
import { ConfirmEmailDialog, ConfirmEmailTitle } from './features/popup/confirm-email-dialog.tsx';

/**
 * The auth remote's dialogs for the shell's queue (its `./dialogs` expose): the authorization
 * popup with its five views (§2), opened by `show_popup_auth` and `show_popup_reg`, and the
 * same popup as the after-sign-in social-registration step.
 */
export default defineRemoteDialogs({
  name: 'auth',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  dialogs: {
    auth: { title: AuthTitle, component: AuthPopup, size: 'large' },
    // §4 after login: the same popup on its social-registration view (the shell's queue).
    'social-registration': { title: AuthTitle, component: AuthPopup, size: 'large' },
    // §4 the first follow-up popup after a sign-up with an e-mail.
    'confirm-email': { title: ConfirmEmailTitle, component: ConfirmEmailDialog, size: 'small' },
  },
});
