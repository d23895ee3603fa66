import { MutationCache, QueryCache } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { isApiError } from '@northstar/errors';
import { systemPageForError } from './error-pages.ts';
import { readServerSystemPage } from './server-page.ts';
import { reportError, systemPageAtom } from './system-page-state.ts';

type Store = ReturnType<typeof createStore>;

/**
 * The page's QueryClient caches, reporting every failed query and mutation (the shell's and
 * every remote's, which share the client) to the §8 mapping: banned, the application disabled
 * or unavailable, and 403 take the page over; the rest stay with the screen that asked. A query
 * whose `meta.softFailure` is true is one of §8's soft failures and never shows a page.
 */
export function systemPageCaches(
  store: Store,
  env: { path: () => string; userAgent: string },
): { queryCache: QueryCache; mutationCache: MutationCache } {
  const report = (error: unknown, meta: Record<string, unknown> | undefined) =>
    reportError(store, error, {
      source: meta?.softFailure === true ? 'soft' : 'query',
      path: env.path(),
      userAgent: env.userAgent,
    });
  return {
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
  };
}

/**
 * The page's query retry rule. §9: a failed call is retried ONCE in all, by the transport
 * (packages/api-client: a body-less call on 408, 409, 425, 429, 500, 502, 503, 504), so a query
 * does not retry on top of it (react-query's own three retries made one failed GET eight
 * requests). An answer from the server (an `ApiError`: any status, retried by the transport or
 * not meant to be) is never tried again here; an error that takes the page over (a ban, the
 * application disabled or unavailable, a 403) neither, so its page shows at once. Only a call
 * that got no answer at all (the network failed, which the transport does not retry) gets its
 * one retry here, so it too is tried twice at most.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (systemPageForError(error, { source: 'query', userAgent: '' }) !== null) return false;
  if (isApiError(error)) return false;
  return failureCount < 1;
}

/** The page's QueryClient query defaults (bootstrap.tsx), shared by every remote. */
export const PAGE_QUERY_DEFAULTS = {
  staleTime: 30_000,
  refetchOnWindowFocus: false,
  retry: retryQuery,
} as const;

/** Shows the system page the server answered the first load with, for the path it answered. */
export function seedServerSystemPage(
  store: Store,
  doc: Pick<Document, 'querySelector'>,
  path: string,
): void {
  const kind = readServerSystemPage(doc);
  if (kind) store.set(systemPageAtom, { kind, path });
}
