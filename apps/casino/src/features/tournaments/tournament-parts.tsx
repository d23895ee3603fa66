import { useEffect, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { isApiError, openAuthDialog, showToast } from '@northstar/shell-sdk';
import { formatCurrency, formatDateTimeAtFixedOffset } from '@northstar/i18n/format';
import { Button, Icon, media } from '@northstar/ui';
import type { Tournament } from '../shared/api.ts';
import { clockOf, countdownOf } from './tournament-model.ts';
import { useParticipate, useViewer } from './tournament-queries.ts';

/** The pieces the tournament pages share: status, countdown, prize pool, prizes, participation. */

type Status = Tournament['status'];
type Scoring = Tournament['extra']['scoring'];

const statusTone = {
  active: css`
    color: #0b2a17;
    background: ${({ theme }) => theme.colors.success};
  `,
  // The accent, darkened: light text on the accent itself is under 4.5:1 at this size.
  future: css`
    color: ${({ theme }) => theme.colors.text};
    background: #5b3fd6;
  `,
  finished: css`
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceHover};
  `,
};

const Badge = styled.span<{ $status: Status }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 12px;
  font-weight: 800;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  ${({ $status }) => statusTone[$status]}
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: currentColor;
  @media (prefers-reduced-motion: no-preference) {
    animation: pulse 1.6s ease-in-out infinite;
  }
  @keyframes pulse {
    50% {
      opacity: 0.35;
    }
  }
`;

export function StatusBadge({ status }: { status: Status }) {
  return (
    <Badge $status={status} data-status={status}>
      {status === 'active' ? <Dot aria-hidden="true" /> : null}
      {status === 'active' ? (
        <Trans id="casino.tournaments.status.active">Live</Trans>
      ) : status === 'future' ? (
        <Trans id="casino.tournaments.status.future">Coming soon</Trans>
      ) : (
        <Trans id="casino.tournaments.status.finished">Finished</Trans>
      )}
    </Badge>
  );
}

const Timer = styled.div`
  display: grid;
  gap: 2px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  strong {
    font-family: ${({ theme }) => theme.fonts.display};
    font-variant-numeric: tabular-nums;
    font-size: 20px;
    letter-spacing: 0.02em;
  }
`;

/**
 * The time left to a tournament's start (future) or end (active), ticking each second; the date
 * it ended (finished). The first render counts from `since` (when its data was fetched, the same
 * number on the server and in the browser after hydration), the clock only in an effect.
 */
export function Countdown({ tournament, since }: { tournament: Tournament; since: number }) {
  const { t } = useLingui();
  const [now, setNow] = useState(since);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // The browser's clock as soon as the page is live, then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const left = countdownOf(tournament, Math.max(now, since));
  const joiner = t({ id: 'casino.tournaments.dateJoiner', message: 'at' });
  if (!left) {
    const ended = formatDateTimeAtFixedOffset(tournament.ends_at, { joiner });
    return (
      <Timer data-countdown="ended">
        <span>
          <Trans id="casino.tournaments.endedOn">Ended</Trans>
        </span>
        <strong>{ended}</strong>
      </Timer>
    );
  }
  return (
    <Timer data-countdown={left.to} role="timer">
      <span>
        {left.to === 'start' ? (
          <Trans id="casino.tournaments.startsIn">Starts in</Trans>
        ) : (
          <Trans id="casino.tournaments.endsIn">Ends in</Trans>
        )}
      </span>
      <strong>{clockOf(left.left)}</strong>
    </Timer>
  );
}

/** The cash prize pool, and a word for the prizes that are bonuses or free spins. */
export function PrizePool({ tournament }: { tournament: Tournament }) {
  const { i18n } = useLingui();
  const cash = formatCurrency(
    tournament.total_prize.amount,
    tournament.total_prize.currency,
    i18n.locale,
  );
  const extras = tournament.prizes.filter((p) => p.type !== 'cash').length;
  return (
    <>
      {cash}
      {extras > 0 ? (
        <Extras>
          {' + '}
          <Plural
            id="casino.tournaments.extraPrizes"
            value={extras}
            one="# bonus prize"
            other="# bonus prizes"
          />
        </Extras>
      ) : null}
    </>
  );
}

const Extras = styled.small`
  font-size: 0.5em;
  font-weight: 700;
  -webkit-text-fill-color: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primary};
`;

export const PoolFigure = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 800;
  font-size: 30px;
  line-height: 1.1;
  overflow-wrap: anywhere;
  background: ${({ theme }) => theme.gradients.gold};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
  ${media.from('tablet')} {
    font-size: 38px;
  }
`;

/** A score as the tournament counts it: money (wins, net), a multiplier, or rounds. */
export function usePoints(scoring: Scoring, currency: string) {
  const { i18n } = useLingui();
  return (points: string) => {
    if (scoring === 'multiplier') return `×${points}`;
    if (scoring === 'rounds') return points;
    return formatCurrency(points, currency, i18n.locale);
  };
}

export function ScoringName({ scoring }: { scoring: Scoring }) {
  switch (scoring) {
    case 'wins':
      return <Trans id="casino.tournaments.scoring.wins">Sum of wins</Trans>;
    case 'multiplier':
      return <Trans id="casino.tournaments.scoring.multiplier">Biggest multiplier</Trans>;
    case 'rounds':
      return <Trans id="casino.tournaments.scoring.rounds">Most rounds played</Trans>;
    case 'net':
      return <Trans id="casino.tournaments.scoring.net">Net winnings</Trans>;
  }
}

/** One prize in words: its amount, or the kind of bonus it is. */
export function PrizeText({ prize }: { prize: Tournament['prizes'][number] }) {
  const { i18n } = useLingui();
  if (prize.type === 'cash' && prize.amount) {
    return <>{formatCurrency(prize.amount.amount, prize.amount.currency, i18n.locale)}</>;
  }
  return prize.type === 'freespins' ? (
    <Trans id="casino.tournaments.prize.freespins">Free spins pack</Trans>
  ) : (
    <Trans id="casino.tournaments.prize.bonus">Casino bonus</Trans>
  );
}

const Medal = styled.span<{ $place: number }>`
  display: inline-grid;
  place-items: center;
  min-width: 32px;
  height: 32px;
  padding: 0 6px;
  border-radius: 50%;
  font-weight: 800;
  font-size: 14px;
  color: ${({ $place, theme }) => ($place <= 3 ? theme.colors.onPrimary : theme.colors.text)};
  background: ${({ $place, theme }) =>
    $place === 1
      ? theme.gradients.gold
      : $place === 2
        ? 'linear-gradient(180deg, #eef1f7, #b8c0d4)'
        : $place === 3
          ? 'linear-gradient(180deg, #f3c49b, #c9814a)'
          : theme.colors.surfaceRaised};
`;

/** A place, as a medal for the podium and a number below it. */
export function PlaceMark({ place }: { place: number | null }) {
  const { t } = useLingui();
  if (place === null) return <Medal $place={99}>–</Medal>;
  return (
    <Medal
      $place={place}
      aria-label={t({ id: 'casino.tournaments.placeLabel', message: `Place ${place}` })}
    >
      {place}
    </Medal>
  );
}

/** The message of a refused participation (§7 `reason`), translated. */
function refusalText(reason: unknown, t: ReturnType<typeof useLingui>['t']): string {
  switch (reason) {
    case 'already_participating':
      return t({
        id: 'casino.tournaments.refused.already',
        message: 'You are already taking part in this tournament.',
      });
    case 'tournament_finished':
      return t({
        id: 'casino.tournaments.refused.finished',
        message: 'This tournament has finished.',
      });
    case 'restricted_country':
      return t({
        id: 'casino.tournaments.refused.country',
        message: 'This tournament is not open to players from your country.',
      });
    case 'restricted_currency':
      return t({
        id: 'casino.tournaments.refused.currency',
        message: 'This tournament is not open to accounts in your currency.',
      });
    case 'not_new_player':
      return t({
        id: 'casino.tournaments.refused.newPlayers',
        message: 'This tournament is for new players only.',
      });
    default:
      return t({
        id: 'casino.tournaments.refused.other',
        message: 'We could not add you to this tournament. Please try again.',
      });
  }
}

const Joined = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  min-height: 44px;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

/**
 * Taking part (§7 participate, §4): a visitor is asked to sign in; a player who has not joined a
 * future or active tournament joins with one click and is told so by a toast (§4 participation
 * toast; the lists and the board are read again); a refusal is a translated error toast. A player
 * who has joined sees that they are in. Nothing for a finished tournament.
 */
export function ParticipateButton({
  tournament,
  size = 'md',
  extra,
}: {
  tournament: Tournament;
  size?: 'md' | 'lg';
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  const viewer = useViewer();
  const participate = useParticipate();
  const title = tournament.title;
  if (tournament.status === 'finished') return null;
  if (viewer === 0) {
    return (
      <Button
        size={size}
        onClick={() => void openAuthDialog('authorization')}
        data-participate="sign-in"
      >
        <Icon name="user" size={18} />
        <Trans id="casino.tournaments.signInToJoin">Sign in to take part</Trans>
      </Button>
    );
  }
  if (tournament.user_info) {
    return (
      <>
        <Joined data-participate="joined">
          <Icon name="shield" size={18} />
          <Trans id="casino.tournaments.joined">You are taking part</Trans>
        </Joined>
        {extra}
      </>
    );
  }
  return (
    <Button
      size={size}
      disabled={participate.isPending}
      data-participate="join"
      aria-label={t({ id: 'casino.tournaments.joinLabel', message: `Take part: ${title}` })}
      onClick={() =>
        participate.mutate(tournament.id, {
          onSuccess: () =>
            showToast({
              id: `tournament-${tournament.id}`,
              tone: 'success',
              title: t({ id: 'casino.tournaments.joinedToastTitle', message: 'You are in!' }),
              text:
                tournament.status === 'active'
                  ? t({
                      id: 'casino.tournaments.joinedToastActive',
                      message: `From now on your rounds on the games of ${title} count. Good luck!`,
                    })
                  : t({
                      id: 'casino.tournaments.joinedToastFuture',
                      message: `Your rounds on the games of ${title} will count from its start.`,
                    }),
            }),
          onError: (error) =>
            showToast({
              id: `tournament-${tournament.id}`,
              tone: 'error',
              text: refusalText(isApiError(error) ? error.errorData.reason : undefined, t),
            }),
        })
      }
    >
      <Icon name="trophy" size={18} />
      <Trans id="casino.tournaments.join">Take part</Trans>
    </Button>
  );
}

/** The player's standing in words: their place and points, or that they have yet to score. */
export function PlayerStanding({ tournament }: { tournament: Tournament }) {
  const points = usePoints(tournament.extra.scoring, tournament.total_prize.currency);
  const info = tournament.user_info;
  if (!info) return null;
  if (info.place === null) {
    return (
      <Standing data-player-place="none">
        <Trans id="casino.tournaments.noPlaceYet">
          You have no place yet: play a round to score.
        </Trans>
      </Standing>
    );
  }
  const place = info.place;
  const score = points(info.points);
  return (
    <Standing data-player-place={place}>
      <Trans id="casino.tournaments.yourPlace">
        Your place: <strong>#{place}</strong> · {score}
      </Trans>
    </Standing>
  );
}

const Standing = styled.p`
  margin: 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(245, 184, 65, 0.1);
  border: 1px solid rgba(245, 184, 65, 0.35);
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  strong {
    color: ${({ theme }) => theme.colors.primary};
  }
`;
