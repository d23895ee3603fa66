import { createTransport, type MethodRef } from '@northstar/api-client/transport';
import type { Api, MethodDefinition, MethodName, ModuleName } from '@northstar/contract';
import { currentI18n } from '@northstar/i18n';
import { API_VERSION } from '@northstar/shell-sdk';

/**
 * The shell's `/api` transport (same origin, the page's locale, `_non_strict` in a frame) and
 * the methods it calls itself: the session and the start-up calls of §7. They are typed by the
 * contract's definitions, but the registry's schemas stay out of the first screen's JS
 * (shell-api.test.ts checks they agree).
 */
export const shellApi = createTransport({
  version: API_VERSION,
  // The render's locale on the server (one I18n per render), the page's in the browser.
  locale: () => currentI18n().locale || 'en-US',
  embedded: () => typeof window !== 'undefined' && window.self !== window.top,
});

/** A typed ref to a registry method; the test checks the verb against the registry. */
function ref<Mod extends ModuleName, Met extends MethodName<Mod>>(
  module: Mod,
  method: Met,
  http: 'GET' | 'POST',
) {
  return { module, method, http } as unknown as MethodRef<Extract<Api[Mod][Met], MethodDefinition>>;
}

export const SHELL_METHODS = {
  getInfo: ref('account', 'getInfo', 'GET'),
  logout: ref('auth', 'logout', 'GET'),
  // The messaging app's mini-app sign-in (routing/url-actions.tsx).
  register: ref('auth', 'register', 'POST'),
  changelocale: ref('account', 'changelocale', 'POST'),
  unsubscribe: ref('account', 'unsubscribe', 'POST'),
  // §7 start-up, for everyone.
  getgeneralinfo: ref('metadata', 'getgeneralinfo', 'GET'),
  getProviders: ref('games', 'getProviders', 'GET'),
  getcharacters: ref('loyalty', 'getcharacters', 'GET'),
  getContactPhoneSettings: ref('account', 'getContactPhoneSettings', 'GET'),
  games: ref('games', 'get', 'GET'),
  // §7 start-up, for players.
  freespins: ref('freespins', 'get', 'GET'),
  getprofileinfo: ref('account', 'getprofileinfo', 'GET'),
  loyaltyInfo: ref('loyalty', 'getinfo', 'GET'),
  getLikes: ref('games', 'getLikes', 'GET'),
};
