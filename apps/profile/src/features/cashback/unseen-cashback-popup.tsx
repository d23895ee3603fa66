import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Notice } from '../profile-frame/profile-frame.tsx';
import type { Cashback } from './cashback-api.ts';
import { lastMoment } from './cashback-model.ts';
import { PayoutNotice, useDate, useMoney } from './cashback-parts.tsx';
import { usePayout } from './use-payout.ts';

export function UnseenCashbackTitle() {
  return <Trans id="profile.cashback.popup.title">Your cashback is here</Trans>;
}

/**
 * §2 UnseenCashbackPopup (§4 after sign-in, the shell's queue: apps/shell/src/dialogs): the
 * newest active cashback the player has not been shown, with its payout button.
 */
export function UnseenCashbackPopup({ props, close }: DialogContentProps<{ cashback: Cashback }>) {
  const { cashback } = props;
  const money = useMoney();
  const date = useDate();
  const { locale } = useShellNavigation();
  const page = useLinkProps(routePath('profileCashback', {}, locale));
  const { payout, busy, error, paid, outcome } = usePayout();
  return (
    <Body>
      <Amount data-testid="cashback-popup-amount">{money(cashback.amount)}</Amount>
      <p>
        <Trans id="profile.cashback.popup.text">
          Cashback for {date(cashback.start_date)} – {date(lastMoment(cashback.end_date))}. Claim it
          by {date(cashback.receiving_expired_at, true)}.
        </Trans>
      </p>
      {paid !== null ? <PayoutNotice outcome={outcome} onNavigate={() => close()} /> : null}
      {error ? <Notice role="alert">{error.text}</Notice> : null}
      <Actions>
        {paid === null ? (
          <Button type="button" disabled={busy !== null} onClick={() => void payout(cashback.id)}>
            <Trans id="profile.cashback.payout">Pay out</Trans>
          </Button>
        ) : (
          <Button type="button" onClick={() => close()}>
            <Trans id="profile.cashback.popup.done">Done</Trans>
          </Button>
        )}
        <a
          {...page}
          onClick={(event) => {
            page.onClick(event);
            close();
          }}
        >
          <Trans id="profile.cashback.popup.more">See your cashback</Trans>
        </a>
      </Actions>
    </Body>
  );
}

const Body = styled.div`
  display: grid;
  gap: 14px;
  p {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Amount = styled.strong`
  font-size: 32px;
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
`;
