import { createTransport, type MethodRef } from '@northstar/api-client/transport';
import type { Api, MethodDefinition, MethodName, ModuleName } from '@northstar/contract';
import { currentI18n, DEFAULT_LOCALE } from '@northstar/i18n';
import { verbOf } from './verbs.ts';

/** API version sent as `v` (§9: app version 2.34). */
export const API_VERSION = '2.34';

/**
 * The `/api` transport of the page (same origin, the page's locale, `_non_strict` in a frame,
 * §7): the calls shell-sdk makes on behalf of the shell and every remote (the balance), and,
 * exported as `pageApi`, the remotes' own calls, so no remote downloads a second copy of the
 * transport (with `methodRef` for typed refs, and `isApiError` to read its failures).
 */
export const sdkApi = createTransport({
  version: API_VERSION,
  // The render's locale on the server (one I18n per render), the page's in the browser.
  locale: () => currentI18n().locale || DEFAULT_LOCALE,
  embedded: () => typeof window !== 'undefined' && window.self !== window.top,
});

/**
 * A typed ref to a registry method: module and name, typed by the contract's definition, and the
 * verb the contract gives it (`verbs.ts`, a map generated from the contract), without bundling the registry's
 * schemas into the page. tools/method-refs.test.ts checks every ref of every app.
 */
export function methodRef<Mod extends ModuleName, Met extends MethodName<Mod>>(
  module: Mod,
  method: Met,
) {
  const http = verbOf(module, method);
  return { module, method, http } as unknown as MethodRef<Extract<Api[Mod][Met], MethodDefinition>>;
}
