import type { FastifyReply, FastifyRequest } from 'fastify';
import { findMethod } from '@northstar/contract';
import { apiErrorBody } from '@northstar/errors';
import { isLocale, LOCALE_COOKIE, splitLocalePath } from '@northstar/i18n/locales';
import type { AppContext } from '../context.ts';
import { isAssetPath, NO_CACHE } from './cache-rules.ts';
import type { PageRenderer } from './page.ts';
import { siteState } from './site-state.ts';

/**
 * The maintenance switch (step 1 of web/page-rules.ts): while the `maintenance` flag of the
 * default locale's `site-config` is on, every page answers 503 with the maintenance page (the
 * shell, `northstar:page` = `maintenance`), `/api` answers 503 `ApplicationUnavailableException`
 * (§8: the shell shows maintenance for it too), both with `Retry-After`. What keeps working:
 * the content backend (`/cms`, so staff can switch it off again; `/nfx`, which the shell's
 * maintenance page reads its texts and icons from), assets and uploads, the remotes and
 * `/remotes.json` (the process check), `/health*`, the dev tools, and the back office
 * (`/backoffice` and its staff methods).
 */

/** Seconds a client is told to wait before asking again. */
export const MAINTENANCE_RETRY_AFTER_S = 300;

/** Path prefixes that keep working: `/cms` and `/cms/…`, `/nfx` and `/nfx/…`, and so on. */
const OPEN =
  /^\/(?:(?:cms|nfx|remotes|uploads|dev|backoffice|health[a-z]*)(?:\/|$)|remotes\.json$)/;

/**
 * The back office's API calls (issue #30): its sign-in and every staff method, so operators run
 * the site, and switch maintenance off, while players see the maintenance page.
 */
function isStaffCall(path: string): boolean {
  const match = /^\/api\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match) return false;
  const method = findMethod(match[1]!, match[2]!);
  return method?.access === 'staff' || method?.module === 'staff';
}

/** Whether a path keeps working during maintenance. */
export function worksInMaintenance(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return isAssetPath(path) || OPEN.test(path) || isStaffCall(path);
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The language of the maintenance page: the path's locale, else the cookie's, else the default. */
function pageLang(request: FastifyRequest): string {
  const parsed = splitLocalePath(request.url.split(/[?#]/, 1)[0] || '/');
  if (parsed.prefixed) return parsed.locale;
  const cookie = request.cookies[LOCALE_COOKIE];
  return isLocale(cookie) ? cookie : parsed.locale;
}

export function maintenanceHook(
  app: AppContext,
  renderer: PageRenderer,
  shellBuilt: () => boolean,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (worksInMaintenance(request.url)) return;
    let on: boolean;
    try {
      on = (await siteState(app)).maintenance;
    } catch (error) {
      // The switch cannot be read: the request goes on (and meets the same trouble there).
      request.log.error({ err: error }, 'maintenance switch unreadable');
      return;
    }
    if (!on) return;
    reply
      .code(503)
      .header('retry-after', String(MAINTENANCE_RETRY_AFTER_S))
      .header('cache-control', NO_CACHE);
    const path = request.url.split(/[?#]/, 1)[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
    if (!isPage) {
      const { body } = apiErrorBody('ApplicationUnavailable', 'The site is under maintenance');
      return reply.send(body);
    }
    if (!shellBuilt()) return reply.type('text/plain; charset=utf-8').send('Under maintenance');
    const html = await renderer.bare(pageLang(request), 'maintenance');
    return reply.type('text/html; charset=utf-8').send(html);
  };
}
