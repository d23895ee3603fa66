import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { Button } from '@northstar/ui';
import { Chip, Notice } from '../profile-frame/profile-frame.tsx';
import {
  Card,
  CardActions,
  Description,
  endsInText,
  Facts,
  Head,
  Name,
  ProgressNote,
  useBonusFormats,
  useNow,
  Warning,
} from './bonus-card.tsx';
import type { FreeBet, FreeBetAction } from './bonuses-api.ts';
import { expiryState } from './bonuses-model.ts';

function FreeBetChip({ bet }: { bet: FreeBet }) {
  const inPlay = bet.status === 'used' && bet.bet?.status === 'open';
  const labels: Record<FreeBet['status'], ReactNode> = {
    available: <Trans id="profile.freeBets.status.available">Ready to activate</Trans>,
    active: <Trans id="profile.freeBets.status.active">Ready to bet</Trans>,
    used: inPlay ? (
      <Trans id="profile.freeBets.status.inPlay">In a bet</Trans>
    ) : (
      <Trans id="profile.freeBets.status.used">Used</Trans>
    ),
    expired: <Trans id="profile.freeBets.status.expired">Expired</Trans>,
    removed: <Trans id="profile.freeBets.status.removed">Removed</Trans>,
  };
  const tone =
    bet.status === 'active' || inPlay
      ? 'success'
      : bet.status === 'available'
        ? 'warning'
        : 'muted';
  return <Chip $tone={tone}>{labels[bet.status]}</Chip>;
}

/**
 * One sportsbook free bet (§2 /profile/bonuses betting tab, issues #26/#29): its amount, the
 * minimum odds, the rule that a win pays the winnings but not the stake, the expiry in the
 * player's time zone with a warning when it is near, and the bet it went into.
 */
export function FreeBetCard({
  bet,
  busy,
  problem,
  onAction,
}: {
  bet: FreeBet;
  busy: boolean;
  problem: string | null;
  onAction: (action: FreeBetAction) => void;
}) {
  const titleId = useId();
  const { money, when, relative } = useBonusFormats();
  const now = useNow();
  const live = bet.status === 'available' || bet.status === 'active';
  const expiry = now === null || !live ? 'none' : expiryState(bet.expires_at, now);
  const endsIn = now !== null ? endsInText(bet.expires_at, now, relative) : '';
  const amount = money(bet.amount);
  const minOdds = bet.min_odds;
  const odds = bet.bet?.odds ?? '';
  const winnings = bet.bet?.winnings ? money(bet.bet.winnings) : '';

  return (
    <Card aria-labelledby={titleId} data-testid="free-bet-card" data-bonus-id={bet.id}>
      <Head>
        <div>
          <Name id={titleId}>{bet.name}</Name>
          {bet.description ? <Description>{bet.description}</Description> : null}
        </div>
        <FreeBetChip bet={bet} />
      </Head>

      <Facts>
        <div>
          <dt>
            <Trans id="profile.freeBets.amount">Free bet</Trans>
          </dt>
          <dd data-testid="free-bet-amount">{amount}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.freeBets.minOdds">Minimum odds</Trans>
          </dt>
          <dd data-testid="free-bet-min-odds">{minOdds}</dd>
        </div>
        <div>
          <dt>
            {live ? (
              <Trans id="profile.freeBets.useBy">Use by</Trans>
            ) : (
              <Trans id="profile.freeBets.expiredAt">Valid until</Trans>
            )}
          </dt>
          <dd>
            <time dateTime={bet.expires_at} data-testid="free-bet-expiry">
              {when(bet.expires_at)}
            </time>
          </dd>
        </div>
        {bet.bet ? (
          <div>
            <dt>
              <Trans id="profile.freeBets.betOdds">Placed at odds</Trans>
            </dt>
            <dd>{odds}</dd>
          </div>
        ) : null}
      </Facts>

      <ProgressNote>
        <Trans id="profile.freeBets.rule">
          Stake the whole {amount} on one bet at odds of {minOdds} or more. If the bet wins, the
          winnings are yours as real money; the free bet’s stake is not paid out.
        </Trans>
      </ProgressNote>

      {bet.bet ? (
        <Result data-testid="free-bet-result">
          {bet.bet.status === 'open' ? (
            <Trans id="profile.freeBets.result.open">Your bet is waiting for its result.</Trans>
          ) : bet.bet.status === 'won' ? (
            <Trans id="profile.freeBets.result.won">
              Your bet won: {winnings} was added to your balance.
            </Trans>
          ) : bet.bet.status === 'lost' ? (
            <Trans id="profile.freeBets.result.lost">Your bet lost. The free bet is used up.</Trans>
          ) : (
            <Trans id="profile.freeBets.result.void">
              Your bet was void, so the free bet came back to you.
            </Trans>
          )}
        </Result>
      ) : null}

      {expiry === 'near' || expiry === 'passed' ? (
        <Warning role="status" data-testid="free-bet-expiry-warning">
          {expiry === 'passed' ? (
            <Trans id="profile.freeBets.expiryPassed">This free bet has run out of time.</Trans>
          ) : (
            <Trans id="profile.freeBets.expirySoon">
              Time is running out: use this free bet {endsIn} or it expires.
            </Trans>
          )}
        </Warning>
      ) : null}

      {problem ? <Notice role="alert">{problem}</Notice> : null}

      {live ? (
        <CardActions>
          {bet.status === 'available' ? (
            <Button disabled={busy} onClick={() => onAction('activate')}>
              <Trans id="profile.freeBets.activate">Activate</Trans>
            </Button>
          ) : null}
          <Button variant="ghost" disabled={busy} onClick={() => onAction('remove')}>
            <Trans id="profile.freeBets.remove">Remove</Trans>
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

const Result = styled.p`
  margin: 0;
  font-size: 14px;
  font-weight: 600;
`;
