import { useCallback, useEffect } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@northstar/errors';
import {
  forgetBalance,
  provideSessionRefresh,
  refreshBalance,
  sessionAtom,
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
export function useSessionBootstrap(): () => Promise<void> {
  const setSession = useSetAtom(sessionAtom);
  const store = useStore();
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    // No session cookie in this browser (the server keeps a readable hint beside it): a visitor,
    // without asking (and without a 401 in the console).
    // A page the server rendered for a signed-in player asks too: the server read the session.
    if (!hasSessionHint() && store.get(sessionAtom).status !== 'signed-in') {
      setSession({ status: 'anonymous' });
      forgetBalance(queryClient);
      return;
    }
    try {
      const info = await shellApi.send(SHELL_METHODS.getInfo);
      setSession({
        status: 'signed-in',
        user: {
          uid: info.uid,
          login: info.login,
          fakename: info.fakename,
          registrationCompleted: info.is_registration_completed,
          regTime: info.reg_time,
        },
      });
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
  }, [setSession, store, queryClient]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A remote that signs the player in (the auth remote) asks through shell-sdk's refreshSession.
  useEffect(() => provideSessionRefresh(refresh), [refresh]);

  return refresh;
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
