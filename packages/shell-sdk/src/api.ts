import { createTransport, type MethodRef } from '@northstar/api-client/transport';
import type { Api, MethodDefinition, MethodName, ModuleName } from '@northstar/contract';
import { currentI18n, DEFAULT_LOCALE } from '@northstar/i18n';
import { platformType } from './host.ts';
import { VERB_EXCEPTIONS } from './verbs.generated.ts';

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
  platform: platformType,
});

/**
 * A typed ref to a registry method: module and name, typed by the contract's definition, and the
 * verb the contract gives it, without bundling the registry's schemas into the page (#23): a
 * method whose name starts with `get` is a GET and any other a POST, except those of the map
 * generated from the contract's registry (`verbs.generated.ts`, by `tools/generate-verbs.ts`:
 * the exceptions among the methods the apps make refs to; a table of every method would cost the
 * first page about a kilobyte). tools/method-refs.test.ts checks every ref of every app against
 * its definition, and that the map is current.
 */
export function methodRef<Mod extends ModuleName, Met extends MethodName<Mod>>(
  module: Mod,
  method: Met,
) {
  const http =
    VERB_EXCEPTIONS[`${module}/${method}`] ?? (method.startsWith('get') ? 'GET' : 'POST');
  return { module, method, http } as unknown as MethodRef<Extract<Api[Mod][Met], MethodDefinition>>;
}
