import { createTransport, type MethodRef } from '@northstar/api-client/transport';
import type { Api, MethodDefinition, MethodName, ModuleName } from '@northstar/contract';
import { DEFAULT_LOCALE, i18n } from '@northstar/i18n';
import { API_VERSION } from '@northstar/shell-sdk';

/**
 * The auth remote's `/api` transport: same origin, the page's locale, `_non_strict` in a frame
 * (the embedded forms, §7). Methods are typed by the contract's definitions; the server checks
 * every call against the same schemas.
 */
export const authApi = createTransport({
  version: API_VERSION,
  locale: () => i18n.locale || DEFAULT_LOCALE,
  embedded: () => typeof window !== 'undefined' && window.self !== window.top,
});

function ref<Mod extends ModuleName, Met extends MethodName<Mod>>(
  module: Mod,
  method: Met,
  http: 'GET' | 'POST',
) {
  return { module, method, http } as unknown as MethodRef<Extract<Api[Mod][Met], MethodDefinition>>;
}

export const AUTH_METHODS = {
  login: ref('auth', 'login', 'POST'),
  register: ref('auth', 'register', 'POST'),
  restore: ref('auth', 'restore', 'POST'),
  getPersonalDataFields: ref('account', 'getPersonalDataFields', 'GET'),
  getContactPhoneSettings: ref('account', 'getContactPhoneSettings', 'GET'),
  getgeneralinfo: ref('metadata', 'getgeneralinfo', 'GET'),
  getcharacters: ref('loyalty', 'getcharacters', 'GET'),
  checkPromocode: ref('campaigns', 'checkPromocode', 'POST'),
  getprofileinfo: ref('account', 'getprofileinfo', 'GET'),
  addcontact: ref('account', 'addcontact', 'POST'),
  sendconfirmationtocontact: ref('account', 'sendconfirmationtocontact', 'POST'),
  confirmContact: ref('account', 'confirmContact', 'POST'),
};
