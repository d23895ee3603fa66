import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiQueryKey,
  confirm,
  openDialog,
  routePath,
  sessionAtom,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { minutesPlayed, nextRealityCheck, summarySince } from './reality-check.ts';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { signOut } from './use-session-bootstrap.ts';

/**
 * Player protection on every page (issue #25), with the player's other watchers:
 *
 * - reality checks (UKGC RTS 13): at the interval the player chose (profile, responsible gaming),
 *   a dialog shows the session's time, stakes, wins and net position (the wallet's own sums,
 *   games/getSessionSummary) and asks to continue, see the history or sign out. It cannot be
 *   dismissed without a choice, and while it is open every game frame is inert and told to pause,
 *   so play stops behind it;
 * - the six-month limit review: once per sign-in, when a limit is due, the player keeps it or
 *   goes to change it.
 */
export function useRealityCheck(): void {
  const queryClient = useQueryClient();
  const { locale, navigate } = useShellNavigation();
  const { t } = useLingui();
  const setSession = useSetAtom(sessionAtom);
  const limits = useQuery({
    queryKey: apiQueryKey('account', 'getPlayLimits'),
    queryFn: () => shellApi.send(SHELL_METHODS.getPlayLimits),
    staleTime: 60_000,
  });
  const interval = limits.data?.reality_check ?? 0;
  const started = limits.data?.session_started_at ?? null;

  const texts = {
    title: t({ id: 'realityCheck.title', message: 'Reality check' }),
    reviewTitle: t({ id: 'limitReview.title', message: 'Review your limits' }),
    reviewText: t({
      id: 'limitReview.text',
      message:
        'You set your gambling limits six months ago or more. Do you want to keep them as they are, or change them?',
    }),
    keep: t({ id: 'limitReview.keep', message: 'Keep my limits' }),
    change: t({ id: 'limitReview.change', message: 'Change them' }),
  };
  // The timers read the page's current locale, navigation and texts when they fire.
  const latest = useRef({ locale, navigate, texts });
  useEffect(() => {
    latest.current = { locale, navigate, texts };
  });

  useEffect(() => {
    if (!started || interval <= 0) return;
    const start = new Date(started);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = async () => {
      const now = new Date();
      const summary = await shellApi
        .send(SHELL_METHODS.getSessionSummary, { since: summarySince(start, now).toISOString() })
        .catch(() => null);
      if (!live) return;
      const { navigate: go, locale: here, texts: words } = latest.current;
      pauseGames(true);
      try {
        await openDialog<RealityCheckProps>({
          id: 'reality-check',
          title: words.title,
          preventClose: true,
          component: RealityCheckDialog,
          props: {
            minutes: minutesPlayed(start, now),
            summary,
            locale: here,
            onHistory: () => go(routePath('profileBetsHistory', {}, here)),
            onSignOut: () =>
              void signOut(queryClient).then(() => {
                setSession({ status: 'anonymous' });
                go(routePath('home', {}, here));
              }),
          },
        });
      } finally {
        pauseGames(false);
      }
    };
    const schedule = () => {
      const due = nextRealityCheck(start, interval, new Date());
      if (!due || !live) return;
      timer = setTimeout(
        () => {
          void show().finally(schedule);
        },
        Math.max(0, due.getTime() - Date.now()),
      );
    };
    schedule();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [started, interval, queryClient, setSession]);

  const reviewed = useRef(false);
  const review = limits.data?.review.length ?? 0;
  useEffect(() => {
    if (reviewed.current || review === 0) return;
    reviewed.current = true;
    const { navigate: go, locale: here, texts: words } = latest.current;
    void confirm({
      id: 'limit-review',
      title: words.reviewTitle,
      text: words.reviewText,
      agreeLabel: words.keep,
      rejectLabel: words.change,
    }).then(async (keep) => {
      if (keep) {
        const answer = await shellApi.send(SHELL_METHODS.keepLimits).catch(() => null);
        if (answer) queryClient.setQueryData(apiQueryKey('account', 'getPlayLimits'), answer);
      } else {
        go(routePath('profileResponsibleGame', {}, here));
      }
    });
  }, [review, queryClient]);
}

/**
 * Every game frame of the page goes inert (no click or key reaches it) and is told to pause, in
 * its own origin only; both are undone when the player has chosen.
 */
function pauseGames(paused: boolean): void {
  for (const frame of document.querySelectorAll('iframe')) {
    if (paused) frame.setAttribute('inert', '');
    else frame.removeAttribute('inert');
    try {
      const origin = new URL(frame.src, window.location.href).origin;
      frame.contentWindow?.postMessage({ type: 'northstar:reality-check', paused }, origin);
    } catch {
      // A frame without a usable address has nothing to tell.
    }
  }
}

interface RealityCheckProps {
  minutes: number;
  summary: { currency: string; stakes: string; wins: string; net: string } | null;
  locale: string;
  onHistory: () => void;
  onSignOut: () => void;
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px 16px;
  margin: 0 0 20px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

function RealityCheckDialog({ props, close }: DialogContentProps<RealityCheckProps>) {
  const { minutes, summary, locale } = props;
  const money = (amount: string) => {
    if (!summary) return '';
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: summary.currency,
      }).format(Number(amount));
    } catch {
      return `${amount} ${summary.currency}`;
    }
  };
  return (
    <div data-testid="reality-check">
      <p>
        <Trans id="realityCheck.text">You have been playing for {minutes} minutes.</Trans>
      </p>
      {summary ? (
        <Figures>
          <dt>
            <Trans id="realityCheck.stakes">Stakes</Trans>
          </dt>
          <dd>{money(summary.stakes)}</dd>
          <dt>
            <Trans id="realityCheck.wins">Wins</Trans>
          </dt>
          <dd>{money(summary.wins)}</dd>
          <dt>
            <Trans id="realityCheck.net">Net position</Trans>
          </dt>
          <dd>{money(summary.net)}</dd>
        </Figures>
      ) : null}
      <Actions>
        <Button type="button" onClick={() => close('continue')}>
          <Trans id="realityCheck.continue">Continue playing</Trans>
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            close('history');
            props.onHistory();
          }}
        >
          <Trans id="realityCheck.history">See my history</Trans>
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            close('sign-out');
            props.onSignOut();
          }}
        >
          <Trans id="realityCheck.signOut">Sign out</Trans>
        </Button>
      </Actions>
    </div>
  );
}
