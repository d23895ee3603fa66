import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { sessionAtom, useShellNavigation } from '@northstar/shell-sdk';
import { useLocaleData, useLocalesNotFound } from './locale-session.ts';
import { hasSessionHint } from './use-session-bootstrap.ts';
import { withMoreMessages } from '../content/more-messages.ts';

// A signed-in player's watchers (inactivity, balance refresh, the other tabs, the account's
// locale): their own chunk, never part of a visitor's first screen.
const PlayerWatchers = lazy(() =>
  withMoreMessages(() => import('./player-watchers.tsx')).then((module) => ({
    default: module.PlayerWatchers,
  })),
);
const LocalesNotFound = lazy(() =>
  withMoreMessages(() => import('./locales-not-found.tsx')).then((module) => ({
    default: module.LocalesNotFound,
  })),
);

/**
 * The session's behaviour around the page (§4): the locale's data, a sign-in made in another tab,
 * and, for a signed-in player, the watchers of player-watchers.tsx. Renders the page, or the
 * fatal start error when the site offers no locale (§8).
 */
export function SessionBehaviour({
  refreshSession,
  children,
}: {
  refreshSession: () => Promise<void>;
  children: ReactNode;
}) {
  const { locale } = useShellNavigation();
  const session = useAtomValue(sessionAtom);
  useLocaleData(locale);
  useSessionOnReturn(refreshSession);
  const localesNotFound = useLocalesNotFound();

  const user = session.status === 'signed-in' ? session.user : null;

  return (
    <>
      {user !== null ? (
        <Suspense fallback={null}>
          <PlayerWatchers key={user.uid} user={user} refreshSession={refreshSession} />
        </Suspense>
      ) : null}
      {localesNotFound ? (
        <Suspense fallback={null}>
          <LocalesNotFound />
        </Suspense>
      ) : (
        children
      )}
    </>
  );
}

/**
 * A tab coming back into view checks the session cookie's hint: a visitor's tab where the player
 * has signed in elsewhere asks who is on the site (a player's tab hears of a sign-out at once,
 * player-watchers.tsx; this covers a message missed by a tab the browser froze).
 */
function useSessionOnReturn(refreshSession: () => Promise<void>): void {
  const store = useStore();
  const latest = useRef(refreshSession);
  useEffect(() => {
    latest.current = refreshSession;
  }, [refreshSession]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const status = store.get(sessionAtom).status;
      if (status === 'unknown') return;
      if ((status === 'signed-in') !== hasSessionHint()) void latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [store]);
}
