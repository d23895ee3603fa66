import { methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The auth remote's `/api` calls go through the page's one transport (shell-sdk's `pageApi`: same
 * origin, the page's locale, `_non_strict` in a frame for the embedded forms, §7), so the remote
 * does not download a second copy of it. Methods are typed by the contract's definitions; the
 * server checks every call against the same schemas.
 */
export const authApi = pageApi;

const ref = methodRef;

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
