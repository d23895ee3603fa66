import { methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The shell's `/api` transport: shell-sdk's page transport (same origin, the page's locale,
 * `_non_strict` in a frame, §7), one for the shell and every remote rather than a second copy
 * of the same settings in the first page's JS. The methods the shell calls itself: the session
 * and the start-up calls of §7. They are typed by the contract's definitions and take their
 * verbs from it, but the registry's schemas stay out of the first screen's JS
 * (tools/method-refs.test.ts checks every ref of every app).
 */
export const shellApi = pageApi;

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
};
