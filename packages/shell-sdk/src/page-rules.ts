/**
 * The page rules of §2 that the platform (a page's first request) and the shell (every
 * client-side navigation) both apply, so the two never disagree: which route a path is, whether
 * its params are valid, the guards, the fixed redirects and the content backend's redirect table.
 *
 * Pure and browser-free (`@northstar/shell-sdk/page-rules`): no React, no globals.
 */
import { localizePath, splitLocalePath, type Locale } from '@northstar/i18n/locales';
import { ROUTE_IDS, ROUTES, type RouteId } from './route-table.ts';

/** §9: path segments only a signed-in player may open. */
export const PROTECTED_SEGMENTS = ['bets', 'cashier', 'profile', 'responsible-game'] as const;

/** Legacy paths of §2 with no real page: they answer 404. */
const LEGACY_ROUTES: ReadonlySet<RouteId> = new Set(['legacyResponsibleGame', 'legacyBets']);

/** A param's rule: a pattern, or a test for what a pattern cannot say (a number's range). */
export type ParamRule = RegExp | ((value: string) => boolean);

const SYSNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;

/**
 * §3/§7 numeric ids: a tournament (`tournaments/participate` `tournament_id`), a campaign offer
 * (`campaigns/takepromotions` `offer_id`) and a content entry (`id`) are positive integers of
 * the platform's 32-bit keys; no sign, no leading zero, nothing else.
 */
export const positiveId: ParamRule = (value) =>
  /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

/** What each named param of a pattern may hold; a param that fails is a page whose validation fails (404). */
const PARAM_RULES: Record<string, ParamRule> = {
  // The content backend's page slugs (content/types.ts `pages.slug`).
  slug: /^[a-z0-9][a-z0-9-]{0,199}$/,
  sysname: SYSNAME,
  id: /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/,
  transaction: /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/,
  '*': /^.{0,2000}$/,
};

/**
 * What `{id}` is on each route of §2 that has one, over the generic rules above (§2: a page
 * whose own validation fails raises a 404, on the server and on a client-side navigation alike,
 * before any remote's code runs):
 *
 * - `/tournaments/{id}`, `/tournaments/{id}/gamehall`, `/offers/{id}`: a positive integer id
 *   (above: `tournament_id` and `offer_id` are numbers in §7);
 * - `/promotions/{id}`: a content entry's slug or id (a sysname's shape);
 * - `/jackpots/{id}`: a jackpot's sysname (the casino's jackpots are named by sysname);
 * - `/gamehall/{id}`: a category or provider sysname (the category middleware reads it; whether
 *   one by that name exists is the casino's answer, not a shape).
 */
export const ROUTE_PARAM_RULES: Partial<Record<RouteId, Record<string, ParamRule>>> = {
  tournament: { id: positiveId },
  tournamentGamehall: { id: positiveId },
  // A promotion is a content entry: addressed by its slug (`/promotions/summer-cup`) or its id.
  promotion: { id: SYSNAME },
  offer: { id: positiveId },
  jackpot: { id: SYSNAME },
  gamehallItem: { id: SYSNAME },
  // A sportsbook event (issue #29): its numeric id.
  bettingEvent: { id: positiveId },
};

function passes(rule: ParamRule, value: string): boolean {
  return typeof rule === 'function' ? rule(value) : rule.test(value);
}

export interface RouteMatch {
  id: RouteId;
  params: Record<string, string>;
  locale: Locale;
  /** The path without its locale prefix or trailing slash. */
  path: string;
}

interface CompiledRoute {
  id: RouteId;
  segments: string[];
  /** Static segments count first, then params, a splat last (react-router's ranking). */
  score: number;
}

const COMPILED: CompiledRoute[] = ROUTE_IDS.map((id) => {
  const segments = ROUTES[id].pattern.split('/').filter(Boolean);
  const score = segments.reduce(
    (sum, segment) => sum + (segment === '*' ? 1 : segment.startsWith(':') ? 3 : 10),
    0,
  );
  return { id, segments, score };
}).sort((a, b) => b.score - a.score);

function matchSegments(route: CompiledRoute, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment === '*') {
      // As react-router matches it: `/bets/*` is also `/bets` (an empty splat).
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return parts.length === route.segments.length ? params : null;
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The path part of a URL or path (`/a/b?x#y` → `/a/b`). */
export function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0] || '/';
}

/**
 * The route of §2 a pathname is (locale prefix allowed), its decoded params and its locale; null
 * when none matches. Trailing slashes are ignored (`/gamehall/` is `/gamehall`).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const { locale, path: raw } = splitLocalePath(pathOf(pathname));
  const path = raw.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter(Boolean);
  for (const route of COMPILED) {
    const encoded = matchSegments(route, parts);
    if (!encoded) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(encoded)) {
      const decoded = decode(value);
      if (decoded === null) return null;
      params[name] = decoded;
    }
    return { id: route.id, params, locale, path };
  }
  return null;
}

/** Whether the route's own params pass their rules (§2: a page whose validation fails is a 404). */
export function paramsAreValid(match: RouteMatch): boolean {
  return Object.entries(match.params).every(([name, value]) => {
    const rule = ROUTE_PARAM_RULES[match.id]?.[name] ?? PARAM_RULES[name];
    return rule ? passes(rule, value) : value.length > 0 && value.length <= 200;
  });
}

/** Whether a path (locale prefix allowed) has a segment only players may open; slug pages never. */
export function isProtectedPath(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (match?.id === 'slug') return false;
  const { path } = splitLocalePath(pathOf(pathname));
  return path
    .split('/')
    .some((segment) => (PROTECTED_SEGMENTS as readonly string[]).includes(segment.toLowerCase()));
}

export type PageDecision =
  | { kind: 'page'; match: RouteMatch }
  | { kind: 'redirect'; to: string; status: 301 | 302; external?: boolean }
  | { kind: 'not-found' };

function splitUrl(url: string): { path: string; tail: string } {
  const index = url.search(/[?#]/);
  return index === -1
    ? { path: url || '/', tail: '' }
    : { path: url.slice(0, index) || '/', tail: url.slice(index) };
}

/**
 * The decision for a page URL (path, query and hash) in the fixed order of §2:
 *
 * 1. a visitor on a protected path (not a slug page; a legacy or unknown one too) → the index of
 *    the path's locale with `redirectUrl` holding the encoded original URL (query and hash
 *    kept), 302;
 * 2. no route, a legacy path, or params that fail their rules (`ROUTE_PARAM_RULES`) → not found;
 * 3. `/responsible-game` → `/profile/responsible-game` (issue #25);
 *    `/profile/bets` → `/profile/bets/history`; `/cashier/billing` → `/cashier/deposit` (the
 *    billing rule: the deposit page unless already on one), query and hash kept, 302;
 * 4. otherwise the page.
 *
 * The redirect table and the gamehall category middleware need data; callers apply them after
 * this decision gives a page (`matchRedirectTable`, `gamehallCategoryRedirect`). The default
 * locale prefix (`/en-US/x` → `/x`) is `defaultLocaleRedirect` of `@northstar/i18n/locales`.
 */
export function pageDecision(url: string, session: { signedIn: boolean }): PageDecision {
  const { path, tail } = splitUrl(url);
  const match = matchRoute(path);
  // §2/§9: a visitor on ANY path holding a protected segment is sent to sign in first, whether a
  // page answers there or not: the legacy `/bets/*` and `/responsible-game` too, and a path no
  // route knows, so a visitor learns nothing of which protected paths exist.
  if (!session.signedIn && isProtectedPath(path)) {
    const index = localizePath('/', match?.locale ?? splitLocalePath(pathOf(path)).locale);
    return {
      kind: 'redirect',
      to: `${index}?redirectUrl=${encodeURIComponent(url)}`,
      status: 302,
    };
  }
  // Issue #25: the legacy responsible-gaming path leads to the page that now exists.
  if (match?.id === 'legacyResponsibleGame') {
    return {
      kind: 'redirect',
      to: localizePath('/profile/responsible-game', match.locale) + tail,
      status: 302,
    };
  }
  if (!match || LEGACY_ROUTES.has(match.id) || !paramsAreValid(match)) return { kind: 'not-found' };
  if (match.id === 'profileBets') {
    return {
      kind: 'redirect',
      to: localizePath('/profile/bets/history', match.locale) + tail,
      status: 302,
    };
  }
  if (match.id === 'cashierBilling') {
    return {
      kind: 'redirect',
      to: localizePath('/cashier/deposit', match.locale) + tail,
      status: 302,
    };
  }
  return { kind: 'page', match };
}

/**
 * The gamehall category middleware of §2: `/gamehall/{id}` where the id is a game category goes
 * to the gamehall filtered by it (`/gamehall?category={id}`, other query kept); null otherwise.
 */
export function gamehallCategoryRedirect(
  match: RouteMatch,
  search: string,
  categories: readonly string[],
): string | null {
  if (match.id !== 'gamehallItem') return null;
  const id = match.params.id!;
  if (!categories.includes(id)) return null;
  const query = new URLSearchParams(search);
  query.set('category', id);
  return `${localizePath('/gamehall', match.locale)}?${query.toString()}`;
}

// --- the redirect table -------------------------------------------------------------------------

/** One entry of the content backend's `redirects` (§2): `from_url` may hold `*` wildcards. */
export interface RedirectRule {
  from_url: string;
  to_url: string;
  /** 301 (the default) or 302. */
  status?: number | null;
}

export interface RedirectHit {
  to: string;
  status: 301 | 302;
  /** A target on another site: followed with a full page load. */
  external: boolean;
}

const EXTERNAL = /^https?:\/\/[^/\\\s]+/i;

function normalise(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

function wildcardPattern(from: string): RegExp {
  const escaped = normalise(from)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('(.*)')}$`, 'i');
}

/** `a?x=1#h` + `?y=2#k` → the target's own query first, then the request's; the request's hash wins. */
function joinTail(target: string, tail: string): string {
  const [targetBase = '', targetHash = ''] = splitOnce(target, '#');
  const [tailQueryPart = '', tailHash = ''] = splitOnce(tail, '#');
  const tailQuery = tailQueryPart.replace(/^\?/, '');
  const joined = tailQuery
    ? `${targetBase}${targetBase.includes('?') ? '&' : '?'}${tailQuery}`
    : targetBase;
  const hash = tailHash || targetHash;
  return hash ? `${joined}#${hash}` : joined;
}

function splitOnce(value: string, separator: string): [string, string] {
  const index = value.indexOf(separator);
  return index === -1 ? [value, ''] : [value.slice(0, index), value.slice(index + 1)];
}

/**
 * The redirect-table hit for a page URL (path, query and hash), or null. `from_url` is matched
 * against the path without its locale prefix, case-insensitively, trailing slashes ignored; an
 * exact rule beats a wildcard one, and of wildcard rules the longest `from_url` wins. A `*` in
 * `to_url` takes what the first wildcard matched. An internal target keeps the request's locale
 * prefix; query and hash are kept. Targets that are neither a same-site path nor an http(s) URL
 * are ignored, and so is a rule that would send a path to itself.
 */
export function matchRedirectTable(
  rules: readonly RedirectRule[],
  url: string,
): RedirectHit | null {
  const { path: rawPath, tail } = splitUrl(url);
  const { locale, path } = splitLocalePath(rawPath);
  const requested = normalise(path);
  const candidates = rules
    .filter((rule) => typeof rule.from_url === 'string' && typeof rule.to_url === 'string')
    .map((rule) => ({ rule, wildcard: rule.from_url.includes('*') }))
    .sort(
      (a, b) =>
        Number(a.wildcard) - Number(b.wildcard) || b.rule.from_url.length - a.rule.from_url.length,
    );
  for (const { rule, wildcard } of candidates) {
    let captured = '';
    if (wildcard) {
      const found = wildcardPattern(rule.from_url).exec(requested);
      if (!found) continue;
      captured = found[1] ?? '';
    } else if (normalise(rule.from_url).toLowerCase() !== requested.toLowerCase()) {
      continue;
    }
    const target = rule.to_url.trim().replace('*', captured);
    const status = rule.status === 302 ? 302 : 301;
    if (EXTERNAL.test(target)) return { to: joinTail(target, tail), status, external: true };
    if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) continue;
    const to = joinTail(localizePath(target, locale), tail);
    // A rule that sends a path to itself would loop.
    if (normalise(pathOf(to)).toLowerCase() === normalise(rawPath).toLowerCase()) continue;
    return { to, status, external: false };
  }
  return null;
}
