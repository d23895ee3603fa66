import { data, replace, type LoaderFunctionArgs } from 'react-router';
import type { createStore } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import { shellApi } from '../session/shell-api.ts';
import { apiQueryKey, methodRef, sessionAtom, type Session } from '@northstar/shell-sdk';
import {
  gamehallCategoryRedirect,
  matchRedirectTable,
  pageDecision,
  type RedirectRule,
} from '@northstar/shell-sdk/page-rules';

type Store = ReturnType<typeof createStore>;

/**
 * The §2 page rules on every client-side navigation, as one route loader on every page route
 * (our choice over react-router middleware: a leaf loader runs exactly when the page's URL —
 * path or query — changes, and on `revalidate()`, which is what a guard needs; middleware would
 * add a context plumbing step for nothing). The same pure rules the platform applies to a page's
 * first request (`@northstar/shell-sdk/page-rules`), in the platform's order:
 *
 * 1. the content backend's redirect table (`GET /nfx/redirects`, fetched once into the page's
 *    QueryClient; a failed fetch is an empty table): an internal target replaces the URL, an
 *    external one is a full page load;
 * 2. `pageDecision` with the session: not found → a 404 route error (the route's error boundary
 *    draws the not-found page); a visitor on a protected path → the index with `redirectUrl`;
 *    `/profile/bets` → history; billing → deposit;
 * 3. the gamehall category middleware (categories from `games/getCategories`, cached under
 *    `apiQueryKey` where remotes find them; a failure is no categories).
 *
 * The session: a browser without the `ns_signed_in` hint is a visitor at once; with it, the
 * guard waits until the shell has asked `account/getInfo` (only when the answer matters: a
 * protected path). On the page's first load the server has just applied the table and the
 * category middleware, so those two are skipped there (no extra request before the first paint).
 */
export interface PageGuardDeps {
  store: Store;
  queryClient: QueryClient;
  /** Whether the session hint cookie is there (a player may be signed in). */
  hasSessionHint: () => boolean;
  /** A full page load to another site (`window.location.assign`). */
  assign: (url: string) => void;
  /** `/nfx/redirects`' rules. */
  fetchRedirects?: () => Promise<RedirectRule[]>;
  /** `games/getCategories`' answer. */
  fetchCategories?: () => Promise<unknown>;
  /**
   * The hash of the URL being loaded: a loader's `Request` carries none, and the guard's
   * redirects keep it (§2). The router's pending location has it (create-router.ts).
   */
  hashOf?: (url: URL) => string;
  /** The page was server-rendered: the server applied the first load's rules already. */
  hydrated?: boolean;
}

export const REDIRECTS_QUERY_KEY = ['nfx', 'redirects'] as const;

/** `games/getCategories` (a ref typed by the contract; its schemas stay out of the page). */
export const GET_CATEGORIES = methodRef('games', 'getCategories');

export const CATEGORIES_QUERY_KEY = apiQueryKey(GET_CATEGORIES.module, GET_CATEGORIES.method);

async function fetchRedirectsOverHttp(): Promise<RedirectRule[]> {
  const response = await fetch('/nfx/redirects', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET /nfx/redirects answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  return Array.isArray(body.data) ? (body.data as RedirectRule[]) : [];
}

/** Category names of a getCategories answer: strings, or items named by sysname, slug or id. */
export function categoryNames(answer: unknown): string[] {
  const list = Array.isArray(answer)
    ? answer
    : Array.isArray((answer as { items?: unknown } | null)?.items)
      ? (answer as { items: unknown[] }).items
      : [];
  return list.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (typeof item !== 'object' || item === null) return [];
    const named = item as Record<string, unknown>;
    const name = named.sysname ?? named.slug ?? named.id;
    return typeof name === 'string' || typeof name === 'number' ? [String(name)] : [];
  });
}

/** Resolves with whether a player is signed in, once the session is known. */
export function signedInWhenKnown(store: Store): Promise<boolean> {
  const known = (session: Session) => session.status !== 'unknown';
  const now = store.get(sessionAtom);
  if (known(now)) return Promise.resolve(now.status === 'signed-in');
  return new Promise((resolve) => {
    const stop = store.sub(sessionAtom, () => {
      const session = store.get(sessionAtom);
      if (!known(session)) return;
      stop();
      resolve(session.status === 'signed-in');
    });
  });
}

/** A 404 route error: the route's error boundary maps it to the not-found page (§8). */
function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function createPageGuard(deps: PageGuardDeps) {
  const fetchRedirects = deps.fetchRedirects ?? fetchRedirectsOverHttp;
  const fetchCategories = deps.fetchCategories ?? defaultCategories;
  // A server-rendered page's first load was decided by the server: the next one is a navigation.
  let firstLoad = !deps.hydrated;

  const redirectTable = () =>
    deps.queryClient
      .fetchQuery({
        queryKey: REDIRECTS_QUERY_KEY,
        queryFn: fetchRedirects,
        staleTime: Infinity,
        retry: false,
        meta: { softFailure: true },
      })
      .catch((): RedirectRule[] => []);

  const categories = () =>
    deps.queryClient
      .fetchQuery({
        queryKey: CATEGORIES_QUERY_KEY,
        queryFn: fetchCategories,
        staleTime: Infinity,
        retry: false,
        meta: { softFailure: true },
      })
      .then(categoryNames, (): string[] => []);

  const signedIn = async (): Promise<boolean> => {
    const session = deps.store.get(sessionAtom);
    if (session.status !== 'unknown') return session.status === 'signed-in';
    if (!deps.hasSessionHint()) return false;
    return signedInWhenKnown(deps.store);
  };

  return async function pageGuard({ request }: Pick<LoaderFunctionArgs, 'request'>) {
    const url = new URL(request.url);
    const hash = url.hash || (deps.hashOf?.(url) ?? '');
    const target = `${url.pathname}${url.search}${hash}`;
    const first = firstLoad;
    firstLoad = false;

    // 1. The redirect table.
    if (!first) {
      const hit = matchRedirectTable(await redirectTable(), target);
      if (hit?.external) {
        deps.assign(hit.to);
        // The page is leaving: nothing renders meanwhile.
        return new Promise<never>(() => undefined);
      }
      if (hit) throw replace(hit.to);
    }

    // 2. Guards, fixed redirects and page validation. The session is waited for only when it
    //    decides (a protected path).
    const asPlayer = pageDecision(target, { signedIn: true });
    const asVisitor = pageDecision(target, { signedIn: false });
    const decision =
      JSON.stringify(asPlayer) === JSON.stringify(asVisitor) || (await signedIn())
        ? asPlayer
        : asVisitor;
    if (decision.kind === 'not-found') notFound();
    if (decision.kind === 'redirect') {
      if (decision.external) {
        deps.assign(decision.to);
        return new Promise<never>(() => undefined);
      }
      throw replace(decision.to);
    }

    // 3. The gamehall category middleware.
    if (!first && decision.match.id === 'gamehallItem') {
      const to = gamehallCategoryRedirect(decision.match, url.search, await categories());
      if (to !== null) throw replace(to);
    }
    return null;
  };
}

function defaultCategories(): Promise<unknown> {
  return shellApi.send(GET_CATEGORIES);
}

export type PageGuard = ReturnType<typeof createPageGuard>;
