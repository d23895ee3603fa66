import { SERVER_ORIGIN } from '@northstar/api-client/transport';

/** A render's transport: the page's own requests answered for one page request (`RenderRequest.fetch`). */
type RenderTransport = (url: string, init?: RequestInit) => Promise<Response>;

/** The transport of the render in progress on the server; never set in the browser. */
let scoped: (() => RenderTransport | undefined) | undefined;

/** Set once by the shell's server build (apps/shell/src/server/request-context.ts). */
export function scopeRenderFetch(current: () => RenderTransport | undefined): void {
  scoped = current;
}

/**
 * The `fetch` of page code built for the server (`createServerConfig` in rspack.config.base.ts
 * provides it for the free identifier `fetch`, in the shell's and every remote's server build):
 * during a render, the page's own URLs (`/api/…`, `/nfx/…`, `/cms/…`, and the API client's
 * `SERVER_ORIGIN` ones) go to that render's transport, in-process with the player's cookies;
 * anything else, and everything outside a render, is the real `fetch`. The global `fetch` is
 * never replaced, so nothing another request does can change where this one's calls go.
 */
export function requestFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const transport = scoped?.();
  if (!transport) return globalThis.fetch(input, init);
  const raw = input instanceof Request ? input.url : String(input);
  const url = new URL(raw, SERVER_ORIGIN);
  if (url.origin !== SERVER_ORIGIN) return globalThis.fetch(input, init);
  return transport(url.pathname + url.search, init);
}
