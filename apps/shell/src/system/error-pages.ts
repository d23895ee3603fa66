import { isApiError, isCrawler, uiActionFor, type ErrorPage } from '@northstar/errors';
import { splitLocalePath } from '@northstar/i18n/locales';
import { routePath } from '@northstar/shell-sdk';

/**
 * §8 "Handling", in one place: which system page an error shows. The rules themselves are the
 * error catalogue's (`uiActionFor` in `@northstar/errors`); this decides which errors reach
 * them, from where:
 * - any query or mutation, of the shell or a remote (`'query'`): only the errors that concern
 *   the whole site take the page over (banned → user blocked, the application disabled or
 *   unavailable / 503 → maintenance, 403 → forbidden); the rest stay with the screen that asked;
 * - a route (`'route'`): a thrown response or API error maps by its status (404 not found, 403
 *   forbidden, 503 maintenance, any other status not found);
 * - a fatal, unhandled failure (`'fatal'`): the errors slot page, except for crawlers, which
 *   only log (a passing failure is not indexed as the page);
 * - the soft failures of §8 (`'soft'`: locales and messages, start-up data, SEO, notices, custom
 *   code, chat): never a page, only a log line.
 */
/** The §8 pages, and the page the service worker shows when the network is gone (sw/). */
export type SystemPageKind = ErrorPage | 'offline';

export const SYSTEM_PAGE_KINDS: readonly SystemPageKind[] = [
  'maintenance',
  'not-found',
  'forbidden',
  'user-blocked',
  'error',
  'offline',
];

export function isSystemPageKind(value: unknown): value is SystemPageKind {
  return typeof value === 'string' && (SYSTEM_PAGE_KINDS as readonly string[]).includes(value);
}

/**
 * §2: forbidden and maintenance use the empty layout; the others keep the header and footer.
 * The offline page too (ours): with no network the header has nothing to show.
 */
export function usesEmptyLayout(kind: SystemPageKind): boolean {
  return kind === 'forbidden' || kind === 'maintenance' || kind === 'offline';
}

export type ErrorSource = 'query' | 'route' | 'fatal' | 'soft';

export interface ErrorContext {
  source: ErrorSource;
  /** `navigator.userAgent`: crawlers never get the errors slot page. */
  userAgent: string;
}

/** The pages an error of any query may raise over whatever the player is looking at. */
const SITE_WIDE: ReadonlySet<SystemPageKind> = new Set([
  'user-blocked',
  'maintenance',
  'forbidden',
]);

interface StatusError {
  status: number;
  type?: Parameters<typeof uiActionFor>[0]['type'];
  errorData?: Record<string, unknown>;
}

/**
 * The status, type and error data of what was thrown: an `ApiError` (also another package
 * copy's), a router error response (`{ status, data }`, data possibly the §8 envelope), or
 * nothing that has a status.
 */
function statusOf(error: unknown): StatusError | null {
  if (isApiError(error)) {
    return { status: error.status, type: error.type, errorData: error.errorData };
  }
  if (isRecord(error) && typeof error.status === 'number' && Number.isInteger(error.status)) {
    const data = isRecord(error.data) && isRecord(error.data.error) ? error.data.error : error.data;
    const errorData = isRecord(data)
      ? isRecord(data.error_data)
        ? data.error_data
        : typeof data.type === 'string'
          ? { type: data.type }
          : undefined
      : undefined;
    return errorData ? { status: error.status, errorData } : { status: error.status };
  }
  return null;
}

/** The system page `error` shows, or null when it shows none (it is only logged, or the screen handles it). */
export function systemPageForError(error: unknown, context: ErrorContext): SystemPageKind | null {
  if (context.source === 'soft') return null;
  const withStatus = statusOf(error);

  if (context.source === 'query') {
    if (!withStatus) return null;
    const action = uiActionFor(withStatus);
    return action.kind === 'page' && SITE_WIDE.has(action.page) ? action.page : null;
  }

  if (context.source === 'route' && withStatus) {
    const action = uiActionFor(withStatus);
    // A route has no screen of its own to put a notice on: its status page, else not found.
    return action.kind === 'page' ? action.page : 'not-found';
  }

  // A fatal failure, or a route that threw something without a status.
  if (withStatus) {
    const action = uiActionFor({ ...withStatus, fatal: true });
    if (action.kind === 'page' && action.page !== 'error') return action.page;
  }
  return isCrawler(context.userAgent) ? null : 'error';
}

/**
 * Whether a page raised by an error may cover `path`. The user-blocked page's button leads to
 * support (§2), and every call a banned player makes there is refused as well: the support page
 * stays reachable, or the way out would lead straight back to the page.
 */
export function mayCover(kind: SystemPageKind, path: string): boolean {
  return !(kind === 'user-blocked' && splitLocalePath(path).path === routePath('support'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
