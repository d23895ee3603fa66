/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { scopeI18n, type I18n } from '@northstar/i18n';
import { scopeRenderFetch } from '@northstar/shell-sdk';
import type { RenderRequest } from '@northstar/shell-sdk/ssr';

export type { RenderRequest };

/** One page render on the server: what it was asked and what belongs to it alone. */
interface RequestState {
  request: RenderRequest;
  locale: string;
  /** This render's own Lingui instance (`createI18n`): no other render switches its locale. */
  i18n: I18n;
  /** The remotes whose page renders in the browser only (server entry missing or broken). */
  clientOnlyRemotes: Set<string>;
}

const storage = new AsyncLocalStorage<RequestState>();

/**
 * Code that runs during a render finds the render's own I18n (`currentI18n()`: the API client's
 * `locale`, `hasMessage`, a remote's catalog) and transport (`requestFetch`, the server builds'
 * `fetch`) here, by the async context it runs in: no global is switched or patched per request.
 */
scopeI18n(() => storage.getStore()?.i18n);
scopeRenderFetch(() => storage.getStore()?.request.fetch);

export function runInRequest<T>(state: RequestState, work: () => Promise<T>): Promise<T> {
  return storage.run(state, work);
}

export function currentRequest(): RequestState | undefined {
  return storage.getStore();
}
