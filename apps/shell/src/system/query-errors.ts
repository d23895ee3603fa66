import { MutationCache, QueryCache } from '@tanstack/react-query';
import type { createStore } from 'jotai';
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

/** react-query's own default: three more tries. */
const QUERY_RETRIES = 3;

/**
 * The page's query retry rule: an error that takes the page over (a ban, the application
 * disabled or unavailable, a 403) is not tried again, so its page shows at once instead of after
 * react-query's back-off; any other failure keeps react-query's three retries.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (systemPageForError(error, { source: 'query', userAgent: '' }) !== null) return false;
  return failureCount < QUERY_RETRIES;
}

/** Shows the system page the server answered the first load with, for the path it answered. */
export function seedServerSystemPage(
  store: Store,
  doc: Pick<Document, 'querySelector'>,
  path: string,
): void {
  const kind = readServerSystemPage(doc);
  if (kind) store.set(systemPageAtom, { kind, path });
}
