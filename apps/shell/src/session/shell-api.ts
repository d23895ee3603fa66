import { createTransport, type MethodRef } from '@northstar/api-client/transport';
import type { Api } from '@northstar/contract';
import { i18n } from '@northstar/i18n';
import { API_VERSION } from '@northstar/shell-sdk';

/**
 * The shell's `/api` transport (same origin, the page's locale, `_non_strict` in a frame) and
 * the few methods its first screen calls. They are typed by the contract's definitions, but the
 * registry's schemas stay out of the first screen's JS (shell-api.test.ts checks they agree).
 */
export const shellApi = createTransport({
  version: API_VERSION,
  locale: () => i18n.locale || 'en-US',
  embedded: () => typeof window !== 'undefined' && window.self !== window.top,
});

export const SHELL_METHODS = {
  getInfo: { module: 'account', method: 'getInfo', http: 'GET' } as MethodRef<
    Api['account']['getInfo']
  >,
  logout: { module: 'auth', method: 'logout', http: 'GET' } as MethodRef<Api['auth']['logout']>,
};
