/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { SERVER_ORIGIN } from '@northstar/api-client/transport';

/** What the platform gives the renderer for one page request (apps/platform/src/web/ssr.ts). */
export interface RenderRequest {
  /** The page's path and query, as the browser asked for it (no hash: browsers never send it). */
  url: string;
  /**
   * Answers the page's own requests (`/api`, `/nfx`, `/cms`) in the platform's process, with the
   * player's cookies: what the page would have fetched from the browser.
   */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** Whether the request carries a live session (the platform read the cookie). */
  signedIn: boolean;
  /** The system page the platform answered, if any (maintenance, not-found, …). */
  systemPage: string | null;
  /**
   * A remote's server entry (`<manifest dir>/server/routes.cjs`): its source and the name to show
   * in stack traces; null when the remote is not listed or has no server build.
   */
  remoteEntry: (name: string) => Promise<{ code: string; filename: string } | null>;
  /**
   * The answer's Content-Security-Policy nonce (apps/platform/src/web/csp.ts): React's own inline
   * scripts (it reveals streamed Suspense boundaries with them) carry it, or the browser refuses them.
   */
  nonce?: string;
}

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
