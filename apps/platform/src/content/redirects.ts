import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RedirectsResponse } from '@northstar/contract';
import type { AppContext } from '../context.ts';

/**
 * The redirect table of §2: the published `redirects` entries of the content backend, as the
 * platform applies them to a page's first request (web/page-rules.ts, through
 * `matchRedirectTable` of `@northstar/shell-sdk/page-rules`) and as the shell reads them for
 * client-side navigation (`GET /nfx/redirects`). `status` is 301 unless the entry says 302.
 */

/** More than any real table; a runaway one is cut here rather than read whole on every page. */
const MAX_RULES = 5000;

export type RedirectRules = RedirectsResponse['data'];

export async function redirectRules(app: AppContext): Promise<RedirectRules> {
  const rows = await app.database.query<{ data: Record<string, unknown> }>(sql`
    select "data" from "cms_entries"
    where "type" = 'redirects' and "published_at" is not null
    order by "id" asc
    limit ${MAX_RULES}`);
  return rows.flatMap(({ data }) =>
    typeof data.from_url === 'string' && typeof data.to_url === 'string'
      ? [
          {
            from_url: data.from_url,
            to_url: data.to_url,
            status: data.status === 302 ? (302 as const) : (301 as const),
          },
        ]
      : [],
  );
}

/** `GET /nfx/redirects` → `{ data: [{ from_url, to_url, status }] }`, cached for a minute. */
export function registerRedirectRoutes(server: FastifyInstance, app: AppContext): void {
  server.get('/nfx/redirects', async (_request, reply): Promise<RedirectsResponse> => {
    reply.header('cache-control', 'public, max-age=60');
    return { data: await redirectRules(app) };
  });
}
