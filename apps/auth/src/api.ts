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
  login: ref('auth', 'login'),
  register: ref('auth', 'register'),
  restore: ref('auth', 'restore'),
  getPersonalDataFields: ref('account', 'getPersonalDataFields'),
  getContactPhoneSettings: ref('account', 'getContactPhoneSettings'),
  getgeneralinfo: ref('metadata', 'getgeneralinfo'),
  getcharacters: ref('loyalty', 'getcharacters'),
  checkPromocode: ref('campaigns', 'checkPromocode'),
  getprofileinfo: ref('account', 'getprofileinfo'),
  addcontact: ref('account', 'addcontact'),
  sendconfirmationtocontact: ref('account', 'sendconfirmationtocontact'),
  confirmContact: ref('account', 'confirmContact'),
};
