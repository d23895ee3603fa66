/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { SERVER_ORIGIN } from '@northstar/api-client/transport';
import type { RenderRequest } from '@northstar/shell-sdk/ssr';

export type { RenderRequest };

interface RequestState {
  request: RenderRequest;
  locale: string;
  /** The remotes whose page renders in the browser only (server entry missing or broken). */
  clientOnlyRemotes: Set<string>;
}

const storage = new AsyncLocalStorage<RequestState>();

export function runInRequest<T>(state: RequestState, work: () => Promise<T>): Promise<T> {
  return storage.run(state, work);
}

export function currentRequest(): RequestState | undefined {
  return storage.getStore();
}

/**
 * The page's code calls `fetch('/nfx/…')` and the API client builds `/api/…` URLs, exactly as in
 * the browser. On the server those go to the platform in-process, with the request's cookies
 * (and the request's locale: the API client reads the locale from Lingui's one instance, which
 * other requests switch while this one waits for data). Absolute URLs elsewhere stay real.
 */
export function installServerFetch(): void {
  const realFetch = globalThis.fetch.bind(globalThis);
  const serverFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const state = storage.getStore();
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, SERVER_ORIGIN);
    if (!state || url.origin !== SERVER_ORIGIN) return realFetch(input, init);
    if (url.pathname.startsWith('/api/') && url.searchParams.has('locale')) {
      url.searchParams.set('locale', state.locale);
    }
    return state.request.fetch(url.pathname + url.search, init);
  };
  globalThis.fetch = serverFetch as typeof fetch;
}
