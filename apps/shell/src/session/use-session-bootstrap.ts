import { useCallback, useEffect, useRef } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@northstar/errors';
import {
  forgetBalance,
  provideSessionRefresh,
  refreshBalance,
  sessionAtom,
  type SessionUser,
} from '@northstar/shell-sdk';
import { reportError } from '../system/system-page-state.ts';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { forgetPlayerData, prefetchPlayerStartup } from './startup.ts';

/**
 * Learns who is on the site from `account/getInfo` (the session cookie is HttpOnly, so only the
 * server can tell): a player fills the session; a 401 means a visitor. Runs on start and whenever
 * `refresh` is called; a browser without the session hint cookie is a visitor without asking.
 *
 * The balance is not taken from getInfo: `useBalance()` (shell-sdk) reads `account/getBalance`
 * once the session is signed in, whose `balance_total` the server adds in minor units. getInfo
 * carries no total, so it cannot seed that answer without the client adding amounts.
 */
export function useSessionBootstrap(pathname?: string): () => Promise<void> {
  const setSession = useSetAtom(sessionAtom);
  const store = useStore();
  const queryClient = useQueryClient();

  /**
   * `navigation`: the check a client-side navigation makes (below) of a session already known:
   * it asks only when a session may be there, and for the same player it updates the session's
   * fields alone (the balance has its own refresh, the player's start-up data stays).
   */
  const load = useCallback(
    async (navigation: boolean) => {
      // No session cookie in this browser (the server keeps a readable hint beside it): a visitor,
      // without asking (and without a 401 in the console).
      // A page the server rendered for a signed-in player asks too: the server read the session.
      if (!hasSessionHint() && store.get(sessionAtom).status !== 'signed-in') {
        if (navigation && store.get(sessionAtom).status === 'anonymous') return;
        setSession({ status: 'anonymous' });
        forgetBalance(queryClient);
        return;
      }
      try {
        const info = await shellApi.send(SHELL_METHODS.getInfo);
        const user: SessionUser = {
          uid: info.uid,
          login: info.login,
          fakename: info.fakename,
          registrationCompleted: info.is_registration_completed,
          regTime: info.reg_time,
        };
        const before = store.get(sessionAtom);
        if (navigation && before.status === 'signed-in' && before.user.uid === user.uid) {
          if (!sameUser(before.user, user)) setSession({ status: 'signed-in', user });
          return;
        }
        setSession({ status: 'signed-in', user });
        // A new session (a sign-in in this page) must not see an earlier answer.
        void refreshBalance(queryClient);
        void prefetchPlayerStartup(queryClient);
      } catch (error) {
        // A banned player (or the application disabled) learns it here first: §8's page takes over.
        reportError(store, error, {
          source: 'query',
          path: location.pathname,
          userAgent: navigator.userAgent,
        });
        // The session ended on the server: the hint goes with it.
        if (isApiError(error) && error.status === 401) {
          document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
        }
        setSession({ status: 'anonymous' });
        forgetBalance(queryClient);
      }
    },
    [setSession, store, queryClient],
  );
  const refresh = useCallback(() => load(false), [load]);

  // §4/§7 "user info is fetched on navigation unless server-rendered": each client-side
  // navigation to another page asks `account/getInfo` again (a session ended elsewhere, a ban,
  // changed account fields show at once); the first page is the start-up's (or the server's).
  // Our choice: a page change, not a query change (a filter or a popup flag), asks.
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (pathname === undefined || lastPath.current === pathname) return;
    lastPath.current = pathname;
    // The start-up's own question is still on its way.
    if (store.get(sessionAtom).status === 'unknown') return;
    void load(true);
  }, [pathname, load, store]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A remote that signs the player in (the auth remote) asks through shell-sdk's refreshSession.
  useEffect(() => provideSessionRefresh(refresh), [refresh]);

  return refresh;
}

function sameUser(a: SessionUser, b: SessionUser): boolean {
  return (Object.keys({ ...a, ...b }) as (keyof SessionUser)[]).every((key) => a[key] === b[key]);
}

/** The platform's readable companion of the HttpOnly session cookie (services/sessions.ts). */
const SESSION_HINT_COOKIE = 'ns_signed_in';

export function hasSessionHint(): boolean {
  return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
}

/**
 * Ends the session on the server, drops the player's answers from the page's cache and signs out
 * every other open tab of the site (they share the session cookie).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await shellApi.send(SHELL_METHODS.logout).catch(() => undefined);
  forgetPlayerData(queryClient);
  // Loaded with the player's watchers already; kept out of a visitor's first screen.
  const { currentTabId, postTabMessage } = await import('./tab-sync.ts');
  postTabMessage({ type: 'signed-out', from: currentTabId() });
}
