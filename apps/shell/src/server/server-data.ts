import { QueryClient, type QueryObserverOptions } from '@tanstack/react-query';
import type { ServerState } from '../routing/server-state.ts';

/**
 * The server render's data (render.tsx): which queries the page's components asked for, so they
 * can be fetched before the final render, and the state handed to the browser.
 */

/** A QueryClient that remembers the options every component asked with (to fetch them next). */
export function serverQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  const asked = new Map<string, QueryObserverOptions>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.queryHash && defaulted.queryFn) {
      asked.set(defaulted.queryHash, defaulted as QueryObserverOptions);
    }
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return Object.assign(client, { asked });
}

export type ServerQueryClient = ReturnType<typeof serverQueryClient>;

/** The queries components asked for that are enabled and have no answer yet. */
export function missingQueries(client: ServerQueryClient): QueryObserverOptions[] {
  const missing: QueryObserverOptions[] = [];
  for (const options of client.asked.values()) {
    const query = client.getQueryCache().get(options.queryHash!);
    if (query && query.state.status !== 'pending') continue;
    const enabled =
      typeof options.enabled === 'function' ? query && options.enabled(query) : options.enabled;
    if (enabled === false) continue;
    missing.push(options);
  }
  client.asked.clear();
  return missing;
}

/** JSON that is safe inside `<script type="application/json">`. */
export function serializeState(state: ServerState): string {
  return JSON.stringify(state)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
