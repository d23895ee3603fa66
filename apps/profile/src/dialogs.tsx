import type { Messages } from '@northstar/i18n';
import { defineRemoteDialogs } from '@northstar/shell-sdk';
import {
  UnseenCashbackPopup,
  UnseenCashbackTitle,
} from './features/cashback/unseen-cashback-popup.tsx';

/**
 * The profile remote's dialogs for the shell's queue (its `./dialogs` expose): §2
 * UnseenCashbackPopup, the §4 after-sign-in step `unseen-cashback` (issue #26).
 */
export default defineRemoteDialogs({
  name: 'profile',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  dialogs: {
    'unseen-cashback': {
      title: UnseenCashbackTitle,
      component: UnseenCashbackPopup,
      size: 'small',
    },
  },
});
