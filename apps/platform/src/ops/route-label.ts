import type { FastifyRequest } from 'fastify';
import { findMethod } from '@northstar/contract';
import { matchRoute } from '@northstar/shell-sdk/page-rules';

const API_ROUTE = '/api/:module/:method';

/**
 * The `route` label of a request's duration: one series per thing an operator reasons about, and
 * a bounded number of them whatever the traffic.
 * - `/api` calls by method (`api account/getInfo`, the registry's spelling whatever the URL's
 *   case); a name outside the registry is `api unknown` (a scanner cannot add series);
 * - pages by the route table's id (`page gamehall`, `page game`; `page unknown` for no route):
 *   the site's pages are all answered by one catch-all handler, which Fastify calls unmatched;
 * - a file of the shell's build (one Fastify route per file, its name hashed) is `static`;
 * - anything else by its Fastify route pattern (`/remotes/casino/*`, `/cms/:type`), or
 *   `unmatched`.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === API_ROUTE) {
    const { module, method } = (request.params ?? {}) as { module?: string; method?: string };
    const definition = module && method ? findMethod(module, method) : undefined;
    return definition ? `api ${definition.module}/${definition.method}` : 'api unknown';
  }
  if (pattern === undefined) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return 'unmatched';
    const path = request.url.split('?', 1)[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/remotes/')) return 'unmatched';
    return `page ${matchRoute(path)?.id ?? 'unknown'}`;
  }
  // A literal route whose last segment is a file name: a static file served by name.
  if (!/[:*]/.test(pattern) && /\/[^/]+\.[a-z0-9]+$/i.test(pattern)) return 'static';
  return pattern;
}
