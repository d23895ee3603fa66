import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { LOCALES_NOT_FOUND } from '@northstar/i18n';
import { routePath, sessionAtom, useShellNavigation } from '@northstar/shell-sdk';
import { useAccountLocale, useLocaleData, useLocalesNotFound } from './locale-session.ts';
import { forgetPlayerData } from './startup.ts';
import { currentTabId, listenToTabs, postTabMessage, tabSyncAction } from './tab-sync.ts';
import { hasSessionHint } from './use-session-bootstrap.ts';

// Inactivity sign-out and balance polling: a signed-in player's, so not in a visitor's first screen.
const PlayerWatchers = lazy(() =>
  import('./player-watchers.tsx').then((module) => ({ default: module.PlayerWatchers })),
);

/**
 * The session's behaviour around the page (§4): the other tabs' sign-in and sign-out, the
 * locale's data and the account's locale, and, for a signed-in player, the inactivity sign-out
 * and the balance refresh. Renders the page, or the fatal start error when the site offers no
 * locale (§8).
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
  useTabSync(refreshSession);
  useLocaleData(locale);
  useAccountLocale();
  const localesNotFound = useLocalesNotFound();

  return (
    <>
      {session.status === 'signed-in' ? (
        <Suspense fallback={null}>
          <PlayerWatchers key={session.user.uid} />
        </Suspense>
      ) : null}
      {localesNotFound ? <LocalesNotFound /> : children}
    </>
  );
}

/**
 * One session for every open tab: a sign-out in another tab drops the player's data here too,
 * makes this tab a visitor's and goes to the site index; a sign-in in another tab makes this one
 * ask who is on the site. A tab coming back into view checks the session cookie's hint as well,
 * in case a message was missed (a tab frozen by the browser).
 */
function useTabSync(refreshSession: () => Promise<void>): void {
  const store = useStore();
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  const { locale, navigate } = useShellNavigation();
  const latest = useRef({ locale, navigate, refreshSession });
  useEffect(() => {
    latest.current = { locale, navigate, refreshSession };
  }, [locale, navigate, refreshSession]);

  useEffect(() => {
    const stop = listenToTabs((message) => {
      const action = tabSyncAction(message, store.get(sessionAtom), currentTabId());
      if (action === 'sign-out') {
        forgetPlayerData(queryClient);
        setSession({ status: 'anonymous' });
        latest.current.navigate(routePath('home', {}, latest.current.locale));
      } else if (action === 'refresh-session') {
        void latest.current.refreshSession();
      }
      // 'reset-inactivity' is the inactivity clock's (player-watchers.tsx).
    });
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const signedIn = store.get(sessionAtom).status === 'signed-in';
      if (signedIn !== hasSessionHint()) void latest.current.refreshSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store, queryClient, setSession]);

  // A sign-in in this tab (the bootstrap, or a remote setting the session): the others ask too.
  const session = useAtomValue(sessionAtom);
  const uid = session.status === 'signed-in' ? session.user.uid : null;
  const previous = useRef(session.status);
  useEffect(() => {
    const before = previous.current;
    previous.current = session.status;
    // A page load learning of its session is not a sign-in; a change from visitor (or another
    // player) is.
    if (uid !== null && before !== 'unknown') {
      postTabMessage({ type: 'signed-in', from: currentTabId(), uid });
    }
  }, [uid, session.status]);
}

const Fatal = styled.main`
  max-width: 560px;
  margin: 15vh auto;
  padding: 0 24px;
  text-align: center;
  h1 {
    font-size: 24px;
    margin: 0 0 12px;
  }
  code {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * §8: no locale can be determined, so the site cannot start (the platform answers the fatal 500
 * `PLUGIN:I18N: LOCALES NOT FOUND`; this is the client's side of it). Kept plain: the system
 * pages own the error pages.
 */
function LocalesNotFound() {
  return (
    <Fatal id="main" data-testid="locales-not-found">
      <h1>
        <Trans id="session.localesNotFoundTitle">The site cannot open right now</Trans>
      </h1>
      <p>
        <Trans id="session.localesNotFoundText">
          No language is available for this site. Please try again later.
        </Trans>
      </p>
      <p>
        <code>500 {LOCALES_NOT_FOUND}</code>
      </p>
    </Fatal>
  );
}
