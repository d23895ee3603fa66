import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import { bestLanguageMatch } from '@northstar/i18n/accept-language';
import { chooseLocale, LOCALES_NOT_FOUND } from '@northstar/i18n/locale-choice';
import {
  DEFAULT_LOCALE,
  defaultLocaleRedirect,
  isLocale,
  LOCALE_COOKIE,
  localizePath,
  splitLocalePath,
} from '@northstar/i18n/locales';
import {
  gamehallCategoryRedirect,
  matchRedirectTable,
  pageDecision,
  pathOf,
  type RouteMatch,
} from '@northstar/shell-sdk/page-rules';
import type { AppContext } from '../context.ts';
import { CONTENT_TYPES, findEntries, parseContentQuery } from '../content/index.ts';
import { findPlayer, resolveSession } from '../identity/index.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { programBySysname } from '../loyalty/index.ts';
import { eventExists as sportsbookEventExists } from '../sportsbook/index.ts';
import { tournamentById } from '../tournaments/index.ts';
import type { SystemPageKind } from './render-head.ts';
import { siteState, type SiteState } from './site-state.ts';

/**
 * What a page's first request answers (architecture.md "How a request flows" step 1): the same
 * rules the shell applies on every client-side navigation, from the shared pure rules
 * (`@northstar/shell-sdk/page-rules`, `@northstar/i18n/locale-choice`), in this order:
 *
 * 1. the maintenance switch: 503 with the maintenance page, before anything else and for every
 *    path but the content backend, assets and remotes (an `onRequest` hook, web/maintenance.ts);
 * 2. the default locale's prefix: `/en-US/x` → 301 `/x`;
 * 3. the locale (§4 "Locale choice"): no site locale at all → 500 `PLUGIN:I18N: LOCALES NOT
 *    FOUND`; otherwise `chooseLocale` with the URL's prefix, the `i18n_locale` cookie,
 *    `Accept-Language`, the common content's `localeDetectStrategy` and, for a signed-in player
 *    under the `platform` strategy, the account's locale. When the choice is not the locale of the
 *    path, 302 to the same URL in the chosen locale (query kept). Our choice is to REDIRECT rather
 *    than serve another locale's content at the bare path: the first visit to `/` with
 *    `Accept-Language: es` lands on `/es-ES`, so every URL names exactly one language (the
 *    canonical and hreflang stay true, caches key on the URL). The answer varies with
 *    `Cookie` and `Accept-Language`, and says so;
 * 4. the content backend's redirect table → 301 or 302 (`matchRedirectTable`);
 * 5. guards and page validation (`pageDecision`, signed-in from the session cookie): a visitor on
 *    a protected path → 302 to the index with `redirectUrl`; `/profile/bets` and billing → 302;
 *    no route, a legacy path or params that fail → 404;
 * 6. the server-side route rule lookup: the gamehall category middleware → 302;
 * 7. a slug page without a published `pages` entry in the page's locale → 404 (the shell's slug
 *    page reads the same entry: apps/shell/src/pages/content-pages.tsx); a game page whose
 *    sysname is no game of the catalogue that is switched on → 404 (the casino's game page asks
 *    games/get the same on a client-side navigation); a jackpot page whose id is no jackpot → 404;
 *    a tournament page (or its game hall) whose id is no tournament → 404 (issue #27); a loyalty
 *    programme page `/loyalty/{sysname}` whose sysname is no programme → 404 (issue #27: the
 *    loyalty remote's page throws the same 404 on a client-side navigation);
 *    a game hall `/gamehall/{id}` whose id (no category: step 6 sent those on) is neither a
 *    collection (`all`, `favourites`) nor a studio that is switched on → 404 (the casino's hall
 *    reads games/getProviders the same on a client-side navigation); a payment result page whose
 *    transaction is no deposit of the signed-in player → 404 (the cashier's page, the same);
 * 8. otherwise the page, 200.
 *
 * Every answer that is not a redirect is the shell's HTML; a system page (404, 500, 503) carries
 * its kind in the `northstar:page` meta so the shell shows it at once.
 */

export type PageAnswer =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: 200 | 404 | 500;
      /** The page's language (`<html lang>`). */
      lang: string;
      systemPage?: SystemPageKind;
      /** Whether the request carries a live session (the server render shows the player). */
      signedIn?: boolean;
      /** The HTTP reason phrase, when it carries the error (§8 locale init failure). */
      statusMessage?: string;
    };

/** `Vary` of every page answer: the locale step reads both. */
export const PAGE_VARY = 'Cookie, Accept-Language';

/** At most this much of `Accept-Language` is read (a longer one is cut, never refused). */
const MAX_ACCEPT_LANGUAGE = 1000;

/** The `path` and the `?query` of a request URL (a hash never reaches the server). */
function splitUrl(url: string): { path: string; query: string } {
  const index = url.indexOf('?');
  return index === -1
    ? { path: url || '/', query: '' }
    : { path: url.slice(0, index) || '/', query: url.slice(index) };
}

/**
 * A redirect target as a header may hold it: characters outside printable ASCII (from a
 * non-ASCII `to_url` or a raw request path) are percent-encoded, so a `Location` never throws.
 */
export function headerSafeUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]+/g, (run) => {
    try {
      return encodeURIComponent(run);
    } catch {
      // A lone surrogate cannot be encoded: it is dropped.
      return '';
    }
  });
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value.join(',') : value;
  return typeof text === 'string' ? text.slice(0, MAX_ACCEPT_LANGUAGE) : null;
}

interface Visitor {
  signedIn: boolean;
  /** The signed-in player (step 7: a payment result page names one of theirs). */
  playerId: number | null;
  /** The account's locale, read only when the platform strategy needs it. */
  accountLocale: () => Promise<string | null>;
}

async function visitorOf(app: AppContext, request: FastifyRequest): Promise<Visitor> {
  const session = await resolveSession(app, request, generalSettings().time_to_force_logout);
  if (!session) return { signedIn: false, playerId: null, accountLocale: async () => null };
  return {
    signedIn: true,
    playerId: session.playerId,
    accountLocale: async () => {
      try {
        return (await findPlayer(app.database.db, session.playerId)).locale;
      } catch {
        // A deleted or blocked account has no say in the locale; the shell handles the rest.
        return null;
      }
    },
  };
}

/** Step 3: the 302 to the chosen locale's path, or null when the path already is in it. */
async function localeRedirect(
  request: FastifyRequest,
  state: SiteState,
  visitor: Visitor,
): Promise<string | null> {
  const { path: rawPath, query } = splitUrl(request.url);
  const { locale, prefixed, path } = splitLocalePath(rawPath);
  const strategy = state.strategy;
  const chosen = chooseLocale({
    available: state.available,
    defaultLocale: state.defaultLocale,
    strategy,
    accountLocale: strategy === 'platform' ? await visitor.accountLocale() : null,
    urlLocale: prefixed ? locale : null,
    cookieLocale: request.cookies[LOCALE_COOKIE] ?? null,
    browserLocale: bestLanguageMatch(header(request, 'accept-language'), state.available),
  });
  const current = prefixed ? locale : DEFAULT_LOCALE;
  if (chosen === null || chosen === current || !isLocale(chosen)) return null;
  // A path that starts with more than one separator (`/es-ES//evil.example`) must not become a
  // protocol-relative Location: the shared default-locale rule collapses the run to one `/`.
  const safePath = defaultLocaleRedirect(`/${DEFAULT_LOCALE}${path}`) ?? path;
  return localizePath(safePath, chosen) + query;
}

/** Step 7: whether the slug page has a published entry in the page's locale. */
async function slugPageExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  const pages = CONTENT_TYPES.get('pages')!;
  const query = parseContentQuery(
    qs.stringify(
      {
        filters: { slug: { $eq: match.params.slug } },
        fields: ['slug'],
        locale: match.locale,
        pagination: { page: 1, pageSize: 1, withCount: false },
      },
      { encodeValuesOnly: true },
    ),
    pages.relations,
  );
  const found = await findEntries(app, pages, query);
  return found.data.length > 0;
}

/** Step 7: whether the game page's sysname is a game the catalogue offers (games/get's rule). */
async function gameExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  const rows = await app.database.query(
    sql`select 1 from games where sysname = ${match.params.sysname ?? ''} and is_active`,
  );
  return rows.length > 0;
}

/** The payment result pages that name a transaction (§2 `/cashier/pay…/{transaction}`). */
const PAY_RESULT_ROUTES = new Set([
  'cashierPaySuccessTransaction',
  'cashierPayFailTransaction',
  'cashierPayPendingTransaction',
]);

/**
 * Step 7: whether a payment result page's transaction is a deposit of the signed-in player
 * (cashier/getdepositinfo's rule: another player's id is not found either, so ids cannot be
 * probed). The cashier's page shows the same not-found state on a client-side navigation.
 */
async function ownDepositExists(
  app: AppContext,
  match: RouteMatch,
  playerId: number | null,
): Promise<boolean> {
  const param = match.params.transaction ?? '';
  if (playerId === null || !/^[1-9]\d{0,9}$/.test(param) || Number(param) > 2_147_483_647) {
    return false;
  }
  const rows = await app.database.query(
    sql`select 1 from payments where id = ${Number(param)} and player_id = ${playerId}
          and kind = 'deposit'`,
  );
  return rows.length > 0;
}

/** Step 7: whether the jackpot page's id is a jackpot's sysname (jackpots/get lists them). */
async function jackpotExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  const rows = await app.database.query(
    sql`select 1 from jackpots where sysname = ${match.params.id ?? ''} limit 1`,
  );
  return rows.length > 0;
}

/** Step 7: whether a tournament page's id is a tournament (issue #27: an unknown id is the 404). */
async function tournamentExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  return (await tournamentById(app.database.db, Number(match.params.id), app.now())) !== null;
}

/** Step 7: whether `/loyalty/{sysname}` names a programme (loyalty/getProgram's rule). */
async function loyaltyProgramExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  return (await programBySysname(app.database.db, match.params.sysname ?? '')) !== null;
}

/** Step 7: whether `/betting/event/{id}` is an event of the book (issue #29). */
async function bettingEventExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  return sportsbookEventExists(app.database.db, Number(match.params.id));
}

/**
 * The ids of `/gamehall/{id}` that name a collection rather than a studio: the casino's
 * `HALL_COLLECTIONS` (apps/casino/src/features/gamehall/hall-filter.ts), which the platform does
 * not import (a remote's page code stays out of the server's bundle).
 */
const GAMEHALL_COLLECTIONS: readonly string[] = ['all', 'favourites'];

/** Step 7: whether `/gamehall/{id}` is a collection or a studio games/getProviders lists. */
async function gamehallItemExists(app: AppContext, match: RouteMatch): Promise<boolean> {
  const id = match.params.id ?? '';
  if (GAMEHALL_COLLECTIONS.includes(id)) return true;
  const rows = await app.database.query(
    sql`select 1 from game_providers where sysname = ${id} and is_active limit 1`,
  );
  return rows.length > 0;
}

/** The answer of a page request (steps 2 to 8 above; step 1 ran before, in its hook). */
export async function decidePage(app: AppContext, request: FastifyRequest): Promise<PageAnswer> {
  const url = request.url;
  const { locale } = splitLocalePath(pathOf(url));

  // 2. The default locale never appears as a prefix.
  const canonical = defaultLocaleRedirect(url);
  if (canonical !== null) return { kind: 'redirect', status: 301, location: canonical };

  // 3. The locale.
  const state = await siteState(app);
  if (state.available.length === 0) {
    return {
      kind: 'page',
      status: 500,
      lang: locale,
      systemPage: 'error',
      statusMessage: LOCALES_NOT_FOUND,
    };
  }
  const visitor = await visitorOf(app, request);
  const localized = await localeRedirect(request, state, visitor);
  if (localized !== null) return { kind: 'redirect', status: 302, location: localized };

  // 4. The redirect table.
  const hit = matchRedirectTable(state.redirects, url);
  if (hit) return { kind: 'redirect', status: hit.status, location: hit.to };

  // 5. Guards and page validation.
  const decision = pageDecision(url, { signedIn: visitor.signedIn });
  if (decision.kind === 'redirect') {
    return { kind: 'redirect', status: decision.status, location: decision.to };
  }
  const signedIn = visitor.signedIn;
  if (decision.kind === 'not-found') {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }

  // 6. The server-side route rule lookup: the gamehall category middleware.
  const category = gamehallCategoryRedirect(decision.match, splitUrl(url).query, state.categories);
  if (category !== null) return { kind: 'redirect', status: 302, location: category };

  // 7. A slug page needs its content.
  if (decision.match.id === 'slug' && !(await slugPageExists(app, decision.match))) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (decision.match.id === 'game' && !(await gameExists(app, decision.match))) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (decision.match.id === 'jackpot' && !(await jackpotExists(app, decision.match))) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (
    (decision.match.id === 'tournament' || decision.match.id === 'tournamentGamehall') &&
    !(await tournamentExists(app, decision.match))
  ) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (
    decision.match.id === 'loyaltyProgram' &&
    !(await loyaltyProgramExists(app, decision.match))
  ) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (decision.match.id === 'bettingEvent' && !(await bettingEventExists(app, decision.match))) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (decision.match.id === 'gamehallItem' && !(await gamehallItemExists(app, decision.match))) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }
  if (
    PAY_RESULT_ROUTES.has(decision.match.id) &&
    !(await ownDepositExists(app, decision.match, visitor.playerId))
  ) {
    return { kind: 'page', status: 404, lang: locale, systemPage: 'not-found', signedIn };
  }

  // 8. The page.
  return { kind: 'page', status: 200, lang: locale, signedIn };
}
