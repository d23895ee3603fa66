import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The security page's `/api` calls through the page's one transport (shell-sdk `pageApi`):
 * refs only (module, name, verb), typed by the contract; the server checks every call.
 */
export const securityApi = pageApi;

const ref = methodRef;

export const SECURITY_METHODS = {
  getSecurity: ref('account', 'getSecurity'),
  getSessions: ref('account', 'getSessions'),
  changepassword: ref('account', 'changepassword'),
  changeTwoFactorAuth: ref('account', 'changeTwoFactorAuth'),
  confirmTwoFactorAuth: ref('account', 'confirmTwoFactorAuth'),
  startAppTwoFactor: ref('account', 'startAppTwoFactor'),
  confirmAppTwoFactor: ref('account', 'confirmAppTwoFactor'),
  disableAppTwoFactor: ref('account', 'disableAppTwoFactor'),
  endSession: ref('account', 'endSession'),
  endOtherSessions: ref('account', 'endOtherSessions'),
};

export const securityKey = () => apiQueryKey('account', 'getSecurity');
export const sessionsKey = () => apiQueryKey('account', 'getSessions');
