import type { MethodDefinition, ParamsOf, ResponseOf } from '@northstar/contract';
import { ApiError } from '@northstar/errors';

/** §9: a body-less call is retried once on these statuses; the content backend never retries. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export interface ApiClientOptions {
  /** Origin of the platform; empty for the page's own origin. */
  baseUrl?: string;
  /** The app version sent as `v` and in the marker header (§9: 2.34). */
  version: string;
  /** The current locale, sent as `locale` on every call. */
  locale: () => string;
  /**
   * `web`, or the installed-app / web-view platform type for the marker header; a function is
   * asked at each call (the page learns its type once it runs: `@northstar/shell-sdk/host`).
   */
  platform?: Platform | (() => Platform);
  /** Adds `_non_strict=1`: the site runs embedded in a frame (§7). */
  embedded?: () => boolean;
  fetch?: typeof fetch;
  /** Pause before the one retry. */
  retryDelayMs?: number;
}

type Platform = 'web' | 'pwa' | 'webview';

type Scalar = string | number | boolean;

/** Params with no required key may be left out. */
export type ArgsOf<M extends MethodDefinition> =
  object extends ParamsOf<M> ? [params?: ParamsOf<M>] : [params: ParamsOf<M>];

/** Per-call options of `send`. */
export interface SendOptions {
  /**
   * Cancels the call (react-query passes one to every query function; a search as you type
   * drops the previous key's call). An aborted call rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/** `send`'s arguments after the ref: the params (optional when none is required), then options. */
export type SendArgs<M extends MethodDefinition> =
  object extends ParamsOf<M>
    ? [params?: ParamsOf<M>, options?: SendOptions]
    : [params: ParamsOf<M>, options?: SendOptions];

/**
 * What the transport needs of a method: where it lives and its verb. Typed by the contract's
 * definition, so params and answer are checked, while the page need not bundle every schema.
 */
export type MethodRef<M extends MethodDefinition> = Pick<M, 'module' | 'method' | 'http'> & {
  readonly __definition?: M;
};

function encode(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => String(item as Scalar)).join(',');
  return JSON.stringify(value);
}

/**
 * The origin of the page's own URLs where there is no page (the server render): the server's
 * `fetch` sends these to the platform in-process (apps/shell/src/server/request-context.ts).
 */
export const SERVER_ORIGIN = 'http://northstar.internal';

/**
 * The transport for `/api` (§7): `v` and `locale` in the query (and `_non_strict` in a frame),
 * null params dropped, GET params in the query and POST params as form data, same-origin
 * credentials, the `X-App-Client` marker, one retry of a body-less call on the §9 statuses.
 * Failures throw `ApiError` from `@northstar/errors`. `createApiClient` (registry-client.ts)
 * adds lookup by module and method name.
 */
export function createTransport(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const marker = () => {
    const platform =
      typeof options.platform === 'function' ? options.platform() : (options.platform ?? 'web');
    return `${platform}/${options.version}`;
  };

  async function request<M extends MethodDefinition>(
    definition: MethodRef<M>,
    params: Record<string, unknown> = {},
    signal?: AbortSignal,
  ): Promise<ResponseOf<M>> {
    const url = new URL(
      `${options.baseUrl ?? ''}/api/${definition.module}/${definition.method}`,
      options.baseUrl ? undefined : (globalThis.location?.href ?? SERVER_ORIGIN),
    );
    url.searchParams.set('v', options.version);
    url.searchParams.set('locale', options.locale());
    if (options.embedded?.()) url.searchParams.set('_non_strict', '1');
    const init: RequestInit = {
      method: definition.http,
      credentials: 'same-origin',
      headers: { 'X-App-Client': marker(), Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    };
    if (definition.http === 'GET') {
      for (const [key, value] of Object.entries(params)) {
        const encoded = encode(value);
        if (encoded !== null) url.searchParams.set(key, encoded);
      }
    } else {
      const body = new FormData();
      for (const [key, value] of Object.entries(params)) {
        const encoded = encode(value);
        if (encoded !== null) body.append(key, encoded);
      }
      init.body = body;
    }

    const attempt = async (): Promise<Response> => doFetch(url.toString(), init);
    let response = await attempt();
    if (definition.http === 'GET' && RETRY_STATUSES.has(response.status)) {
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 300));
      signal?.throwIfAborted();
      response = await attempt();
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || (body !== null && typeof body === 'object' && 'error' in body)) {
      throw ApiError.fromResponse(response.status, body);
    }
    return (body as { data: ResponseOf<M> }).data;
  }

  /** `transport.send(ref, params, { signal })`: typed by the method the ref names. */
  function send<M extends MethodDefinition>(
    ref: MethodRef<M>,
    ...[params, sendOptions]: SendArgs<M>
  ): Promise<ResponseOf<M>> {
    return request(ref, params as Record<string, unknown> | undefined, sendOptions?.signal);
  }

  return { send };
}

export type Transport = ReturnType<typeof createTransport>;
