import { useEffect, useMemo, useRef, useState } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  apiQueryKey,
  refreshBalance,
  routePath,
  sessionAtom,
  showToast,
  useShellNavigation,
  useSiteConfig,
  useSiteContent,
  type SessionUser,
} from '@northstar/shell-sdk';
import { useAfterSignInRunner } from '../dialogs/after-sign-in-runner.ts';
import { useRealityCheck } from './reality-check-watcher.tsx';
import { useLoyaltyToasts } from './loyalty-toasts.tsx';
import { ConfirmDialog } from '@northstar/ui/dialog';
import { splitLocalePath } from '@northstar/i18n';
import type { Locale } from '@northstar/i18n/locales';
import { useAccountLocale } from './account-locale.ts';
import { confirmSentKey, showConfirmHint } from './confirm-hint.ts';
import { isGamePath, startBalanceRefresh } from './balance-refresh.ts';
import {
  inactivityPlan,
  isAnnouncedSecond,
  secondsLeft,
  startInactivityTimer,
  type InactivityTimer,
} from './inactivity-timer.ts';
import { sessionActivityEveryMs } from '@northstar/contract/session-activity';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { forgetPlayerData } from './startup.ts';
import { currentTabId, listenToTabs, postTabMessage, tabSyncAction } from './tab-sync.ts';
import { signOut } from './use-session-bootstrap.ts';

/**
 * What runs for a signed-in player only (§6: inactivity logout and balance polling require
 * sign-in): its own chunk, downloaded once a session is signed in, never for a visitor's first
 * screen. Unmounted on sign-out, which stops every timer. Keyed by the player's uid.
 */
export function PlayerWatchers({
  refreshSession,
  user,
}: {
  refreshSession: () => Promise<void>;
  user: SessionUser;
}) {
  useAfterSignInRunner(user);
  useOtherTabs(refreshSession);
  useAccountLocale();
  const warning = useInactivitySignOut();
  useBalanceRefresh();
  useConfirmContactsHint();
  useRealityCheck();
  useLoyaltyToasts(user.uid);
  return warning ? <InactivityWarning deadline={warning.deadline} onStay={warning.stay} /> : null;
}

/** The hint shows once per page load (module state: a remount must not show it again). */
let confirmHintShown = false;

/** §4 the confirm-contacts hint (confirm-hint.ts): a toast with the way to /confirmation. */
function useConfirmContactsHint(): void {
  const { pathname, locale } = useShellNavigation();
  const content = useSiteContent();
  const store = useStore();
  const queryClient = useQueryClient();
  const hint = content?.commonContent.confirmHint;
  useEffect(() => {
    const session = store.get(sessionAtom);
    if (confirmHintShown || session.status !== 'signed-in' || !hint?.showConfirmContactsHint)
      return;
    const user = session.user;
    let live = true;
    // The profile the start-up asks for anyway (§7), read in the browser, not while rendering.
    void queryClient
      .ensureQueryData({
        queryKey: apiQueryKey('account', 'getprofileinfo', PROFILE_PARAMS),
        queryFn: () => shellApi.send(SHELL_METHODS.getprofileinfo, PROFILE_PARAMS),
      })
      .then(
        (profile) => {
          if (!live || confirmHintShown) return;
          const show = showConfirmHint({
            enabled: hint.showConfirmContactsHint,
            pageExceptions: hint.pageExceptions,
            path: splitLocalePath(pathname).path,
            regTime: user.regTime ?? null,
            now: new Date(),
            login: user.login,
            contacts: profile.contacts ?? null,
            markerSet: confirmSent(user.uid),
          });
          if (!show) return;
          confirmHintShown = true;
          showConfirmToast(locale);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [store, queryClient, hint, pathname, locale]);
}

const PROFILE_PARAMS = { fields: 'contacts,document' } as const;

function confirmSent(uid: number): boolean {
  try {
    return localStorage.getItem(confirmSentKey(uid)) !== null;
  } catch {
    return false; // storage blocked: the hint cannot know, it shows
  }
}

function showConfirmToast(locale: Locale): void {
  showToast({
    id: 'confirm-contacts',
    tone: 'info',
    duration: 0,
    title: <Trans id="session.confirmHint.title">Confirm your contact</Trans>,
    text: (
      <Trans id="session.confirmHint.text">
        Confirm the e-mail or phone you sign in with: it keeps your account safe.
      </Trans>
    ),
    action: (
      <a href={routePath('confirmation', {}, locale)}>
        <Trans id="session.confirmHint.action">Confirm now</Trans>
      </a>
    ),
  });
}

/**
 * One session for every open tab: a sign-out in another tab drops the player's data here too,
 * makes this tab a visitor's and goes to the site index (without a reload); another player
 * signing in elsewhere makes this tab ask who is on the site. This tab's player is announced to
 * the others, so a visitor's tab catches up with a sign-in made here.
 */
function useOtherTabs(refreshSession: () => Promise<void>): void {
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
      // 'reset-inactivity' is the inactivity clock's (useInactivitySignOut).
    });
    const session = store.get(sessionAtom);
    if (session.status === 'signed-in') {
      postTabMessage({ type: 'signed-in', from: currentTabId(), uid: session.user.uid });
    }
    return stop;
  }, [store, queryClient, setSession]);
}

/** The player's own activity in this page (§4): a key press, a click, a scroll. */
const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll'] as const;
/** The other tabs hear of this tab's activity at most this often. */
const SHARE_ACTIVITY_EVERY_MS = 5_000;

function onActivity(listener: (event: Event) => void): () => void {
  // Capture: a scroll inside any element counts, and a handler that stops propagation cannot hide it.
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) document.addEventListener(type, listener, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, listener, options);
  };
}

/**
 * §4 "Inactivity": general info's `time_to_force_logout` (seconds; 0 = off). At 80 % the warning
 * shows; at 100 % the player is signed out on the server too, every tab with it, and the page goes
 * to the site index. Activity here, a route change, or the player's activity in another tab
 * starts the clock again and closes the warning.
 */
function useInactivitySignOut(): { deadline: number; stay: () => void } | null {
  const { locale, pathname, search, navigate } = useShellNavigation();
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);
  const seconds = useQuery({
    queryKey: apiQueryKey(SHELL_METHODS.getgeneralinfo.module, SHELL_METHODS.getgeneralinfo.method),
    queryFn: () => shellApi.send(SHELL_METHODS.getgeneralinfo),
    retry: false,
  }).data?.time_to_force_logout;
  const plan = useMemo(() => inactivityPlan(seconds), [seconds]);
  const [deadline, setDeadline] = useState<number | null>(null);
  const timer = useRef<InactivityTimer | null>(null);
  const home = useRef({ locale, navigate });
  useEffect(() => {
    home.current = { locale, navigate };
  }, [locale, navigate]);

  useEffect(() => {
    if (!plan) return;
    const started = startInactivityTimer(plan, {
      onWarn: setDeadline,
      onResume: () => {
        setDeadline(null);
        // The player is back: the server's idle clock starts again too (any call does it).
        void refreshBalance(queryClient);
      },
      onExpire: () => {
        setDeadline(null);
        void signOut(queryClient).then(() => {
          setSession({ status: 'anonymous' });
          home.current.navigate(routePath('home', {}, home.current.locale));
        });
      },
    });
    timer.current = started;
    let sharedAt = 0;
    // The server keeps its own idle clock (the platform's session check), and a page can be used
    // for a long time without calling it: activity here is told to it as often as it writes it.
    const tellServerEveryMs = sessionActivityEveryMs(plan.logoutAfterMs / 1000);
    let toldServerAt = Date.now();
    const stopActivity = onActivity(() => {
      started.reset();
      if (Date.now() - toldServerAt >= tellServerEveryMs) {
        toldServerAt = Date.now();
        void shellApi.send(SHELL_METHODS.getInfo).catch(() => undefined);
      }
      if (Date.now() - sharedAt >= SHARE_ACTIVITY_EVERY_MS) {
        sharedAt = Date.now();
        postTabMessage({ type: 'activity', from: currentTabId() });
      }
    });
    const stopTabs = listenToTabs((message) => {
      if (message.type === 'activity' && message.from !== currentTabId()) started.reset();
    });
    return () => {
      started.stop();
      stopActivity();
      stopTabs();
      timer.current = null;
      setDeadline(null);
    };
  }, [plan, queryClient, setSession]);

  // A route change is activity (§4).
  useEffect(() => {
    timer.current?.reset();
  }, [pathname, search]);

  const stay = useMemo(() => () => timer.current?.reset(), []);
  return deadline === null ? null : { deadline, stay };
}

/**
 * §3, §4 balance refresh with the site config's settings (§9 defaults): the interval poll, the
 * click refresh and the switch-off after minutes without activity (balance-refresh.ts); never on
 * a game page.
 */
function useBalanceRefresh(): void {
  const { pathname, search } = useShellNavigation();
  const queryClient = useQueryClient();
  const onGamePage = isGamePath(pathname);
  // Typed and defaulted by the platform (the contract's `balanceRefresh` section).
  const settings = useSiteConfig('balanceRefresh');
  const scheduler = useRef<ReturnType<typeof startBalanceRefresh> | null>(null);

  useEffect(() => {
    if (onGamePage) return;
    const started = startBalanceRefresh(settings, () => void refreshBalance(queryClient));
    scheduler.current = started;
    const stopActivity = onActivity((event) => {
      if (event.type === 'click') started.click();
      else started.activity();
    });
    return () => {
      started.stop();
      stopActivity();
      scheduler.current = null;
    };
  }, [onGamePage, settings, queryClient]);

  useEffect(() => {
    scheduler.current?.activity();
  }, [pathname, search]);
}

/** m:ss */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The live text for screen readers: empty at first (the dialog's description, read as it opens,
 * already says the time), then the last announcement point passed (`isAnnouncedSecond`), so the
 * text, and with it the announcement, changes only at those points.
 */
function announcedSecond(left: number, atOpen: number): number | null {
  for (let second = left; second < atOpen; second++) {
    if (isAnnouncedSecond(second)) return second;
  }
  return null;
}

/**
 * The warning (§4): an alert dialog whose description says when the player will be signed out,
 * with the one button that keeps the session. Drawn here, not through the dialog queue: the
 * queue shows one dialog at a time, and this one must show at once, over whatever is open.
 */
function InactivityWarning({ deadline, onStay }: { deadline: number; onStay: () => void }) {
  const { t } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  const [atOpen] = useState(() => secondsLeft(deadline, Date.now()));
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  const left = secondsLeft(deadline, now);
  const announced = announcedSecond(left, atOpen);
  const time = clock(left);

  return (
    <ConfirmDialog
      open
      dialogId="inactivity-warning"
      title={t({ id: 'session.inactivityTitle', message: 'Are you still there?' })}
      closeLabel={t({ id: 'dialog.close', message: 'Close' })}
      hideClose
      onClose={onStay}
      agreeLabel={<Trans id="session.inactivityStay">Stay signed in</Trans>}
      onAgree={onStay}
    >
      <p>
        <Trans id="session.inactivityText">
          You have not done anything for a while. For your security you will be signed out in{' '}
          <time data-testid="inactivity-countdown">{time}</time>.
        </Trans>
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced === null ? null : (
          <Plural
            id="session.inactivityLeft"
            value={announced}
            one="# second left before you are signed out"
            other="# seconds left before you are signed out"
          />
        )}
      </p>
    </ConfirmDialog>
  );
}
