import { createTransport } from '@northstar/api-client/transport';
import { currentI18n } from '@northstar/i18n';
import { API_VERSION, methodRef } from '@northstar/shell-sdk';
import { platformType } from '@northstar/shell-sdk/host';

/**
 * The shell's `/api` transport (same origin, the page's locale, `_non_strict` in a frame) and
 * the methods it calls itself: the session and the start-up calls of §7. They are typed by the
 * contract's definitions and take their verbs from it, but the registry's schemas stay out of
 * the first screen's JS (tools/method-refs.test.ts checks every ref of every app). (Its own
 * transport rather than shell-sdk's `pageApi`: the shell importing the transport keeps it in
 * one chunk with the error catalogue; without, the two split and `/` downloads more.)
 */
export const shellApi = createTransport({
  version: API_VERSION,
  // The render's locale on the server (one I18n per render), the page's in the browser.
  locale: () => currentI18n().locale || 'en-US',
  embedded: () => typeof window !== 'undefined' && window.self !== window.top,
  // The marker's platform type: web, the installed app or an operator's web view (§1).
  platform: platformType,
});

/** Typed refs to registry methods, each with the contract's verb (shell-sdk `methodRef`). */
const ref = methodRef;

export const SHELL_METHODS = {
  getInfo: ref('account', 'getInfo'),
  logout: ref('auth', 'logout'),
  // The messaging app's mini-app sign-in (routing/url-actions.tsx).
  register: ref('auth', 'register'),
  changelocale: ref('account', 'changelocale'),
  unsubscribe: ref('account', 'unsubscribe'),
  // §7 start-up, for everyone.
  getgeneralinfo: ref('metadata', 'getgeneralinfo'),
  getProviders: ref('games', 'getProviders'),
  getcharacters: ref('loyalty', 'getcharacters'),
  getContactPhoneSettings: ref('account', 'getContactPhoneSettings'),
  games: ref('games', 'get'),
  // §7 start-up, for players.
  freespins: ref('freespins', 'get'),
  getprofileinfo: ref('account', 'getprofileinfo'),
  loyaltyInfo: ref('loyalty', 'getinfo'),
  getLikes: ref('games', 'getLikes'),
  // Player protection on every page (session/reality-check-watcher.tsx, issue #25).
  getPlayLimits: ref('account', 'getPlayLimits'),
  keepLimits: ref('account', 'keepLimits'),
  getSessionSummary: ref('games', 'getSessionSummary'),
  // §4 after sign-in: the unseen-cashback popup's check (dialogs/unseen-cashback.ts, issue #26).
  cashbacks: ref('cashbacks', 'get'),
};
