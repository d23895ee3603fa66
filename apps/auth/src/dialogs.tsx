import type { Messages } from '@northstar/i18n';
import { defineRemoteDialogs } from '@northstar/shell-sdk';
import { AuthPopup, AuthTitle } from './features/popup/auth-popup.tsx';

/**
 * The auth remote's dialogs for the shell's queue (its `./dialogs` expose): the authorization
 * popup with its five views (§2), opened by `show_popup_auth`, `show_popup_reg` and the
 * after-sign-in social-registration step.
 */
export default defineRemoteDialogs({
  name: 'auth',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  dialogs: {
    auth: { title: AuthTitle, component: AuthPopup, size: 'large' },
  },
});
