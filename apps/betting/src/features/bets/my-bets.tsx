import { useId, useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { currencyStyle, formatCurrency, formatDate, formatTime } from '@northstar/i18n/format';
import {
  isApiError,
  openAuthDialog,
  useBalance,
  useShellNavigation,
  useDisplayOffset,
} from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Input, Tabs } from '@northstar/ui/forms';
import {
  bettingApi,
  bettingKeyPrefix,
  BETTING_METHODS,
  useViewer,
  type SbBet,
} from '../shared/api.ts';
import { useBookLabels } from '../shared/labels.ts';
import { Figures, Muted } from '../shared/parts.tsx';
import { useBets, type BetsStatus } from '../shared/queries.ts';
import { majorText, newRequestId, stakeMinor } from '../slip/slip-model.ts';

/**
 * The player's bets beside the slip (issue #29): open ones with their cash-out value (whole or
 * in part, at the value shown: a value that moved is shown again for the player to confirm), and
 * the settled ones with what they returned (the last 50 of each).
 */

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: grid;
  gap: 10px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 14px;
  > strong {
    overflow-wrap: anywhere;
  }
`;

const Badge = styled.span<{ $status: SbBet['status'] }>`
  flex: none;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 12px;
  font-weight: 800;
  background: ${({ $status }) =>
    $status === 'won' || $status === 'cashed-out'
      ? 'rgba(47, 210, 122, 0.16)'
      : $status === 'lost'
        ? 'rgba(255, 107, 122, 0.16)'
        : 'rgba(90, 169, 255, 0.16)'};
  color: ${({ $status, theme }) =>
    $status === 'won' || $status === 'cashed-out'
      ? theme.colors.success
      : $status === 'lost'
        ? theme.colors.danger
        : theme.colors.info};
`;

const Legs = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
  > li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0 8px;
  }
  > li > span:last-child {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const CashOutBox = styled.div`
  display: grid;
  gap: 8px;
  padding-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Note = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.warning};
`;

const Center = styled.div`
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 24px 8px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function BetCard({ bet }: { bet: SbBet }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const labels = useBookLabels();
  const offset = useDisplayOffset();
  const options = offset === undefined ? {} : { offsetHours: offset };
  const money = (value: { amount: string; currency: string }) =>
    formatCurrency(value.amount, value.currency, locale);
  return (
    <Card data-bet={bet.id} data-bet-status={bet.status}>
      <Head>
        <strong>{labels.betKind(bet.kind, bet.legs.length)}</strong>
        <Badge $status={bet.status}>{labels.betStatus(bet.status)}</Badge>
      </Head>
      <Legs>
        {bet.legs.map((leg) => (
          <li key={leg.outcome_id} data-leg-result={leg.result}>
            <span>
              {labels.outcome(leg)}{' '}
              <Muted>
                · {leg.home}
                {leg.away ? ` – ${leg.away}` : ''}
                {leg.score ? ` (${leg.score.home}:${leg.score.away})` : ''}
                {leg.result !== 'pending' ? ` · ${labels.legResult(leg.result)}` : ''}
              </Muted>
            </span>
            <span>{leg.odds}</span>
          </li>
        ))}
      </Legs>
      <Figures>
        <dt>
          <Trans id="betting.bets.stake">Stake</Trans>
        </dt>
        <dd data-bet-stake>
          {money(bet.total_stake)}
          {bet.free_bet ? ` (${t({ id: 'betting.bets.free', message: 'free bet' })})` : ''}
        </dd>
        {bet.status === 'open' ? (
          <>
            <dt>
              <Trans id="betting.bets.potential">Potential return</Trans>
            </dt>
            <dd data-bet-potential>{money(bet.potential_return)}</dd>
          </>
        ) : null}
        {bet.return ? (
          <>
            <dt>
              <Trans id="betting.bets.returned">Returned</Trans>
            </dt>
            <dd data-bet-return>{money(bet.return)}</dd>
          </>
        ) : null}
        {Number(bet.cashed_out.amount) > 0 ? (
          <>
            <dt>
              <Trans id="betting.bets.cashedOut">Cashed out</Trans>
            </dt>
            <dd data-bet-cashed-out>{money(bet.cashed_out)}</dd>
          </>
        ) : null}
        <dt>
          <Trans id="betting.bets.placed">Placed</Trans>
        </dt>
        <dd>
          <time dateTime={bet.placed_at}>
            {formatDate(bet.placed_at, options)} {formatTime(bet.placed_at, options)}
          </time>
        </dd>
      </Figures>
      {bet.status === 'open' ? <CashOut bet={bet} /> : null}
    </Card>
  );
}

/** Cash-out: the whole bet, or part of it, at the value shown. */
function CashOut({ bet }: { bet: SbBet }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const queryClient = useQueryClient();
  const { refresh } = useBalance();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const panelId = useId();
  const value = bet.cash_out;
  if (!value) {
    if (bet.cash_out_reason === 'suspended') {
      return (
        <Note>
          <Trans id="betting.bets.cashOutSuspended">
            Cash-out is paused while a price is suspended.
          </Trans>
        </Note>
      );
    }
    return null;
  }
  const decimals = currencyStyle(value.currency, locale).fractionDigits;
  const valueText = formatCurrency(value.amount, value.currency, locale);

  const confirm = async () => {
    setError(null);
    setNote(null);
    const typed = amount.trim() === '' ? value.amount : amount;
    const parsed = stakeMinor(typed, decimals);
    const whole = stakeMinor(value.amount, decimals);
    if ('error' in parsed || !('minor' in whole) || parsed.minor > whole.minor) {
      setError(
        t({
          id: 'betting.bets.cashOutAmount',
          message: `Enter an amount up to ${valueText}.`,
        }),
      );
      return;
    }
    const id = requestId ?? newRequestId();
    setRequestId(id);
    setBusy(true);
    try {
      await bettingApi.send(BETTING_METHODS.cashout, {
        bet_id: bet.id,
        request_id: id,
        quote: value.amount,
        ...(parsed.minor < whole.minor ? { amount: majorText(parsed.minor, decimals) } : {}),
      });
      setRequestId(null);
      setOpen(false);
      setAmount('');
      void refresh();
    } catch (failure) {
      setRequestId(null);
      const reason = isApiError(failure) ? failure.errorData.reason : null;
      if (reason === 'cash_out_requoted') {
        // The new value is on the button again (the list is asked anew): the player decides.
        setOpen(false);
        setNote(
          t({
            id: 'betting.bets.requoted',
            message: 'The cash-out value has changed. Check the new value and confirm again.',
          }),
        );
      } else if (reason === 'cash_out_unavailable') {
        setOpen(false);
        setNote(
          t({ id: 'betting.bets.unavailable', message: 'This bet cannot be cashed out now.' }),
        );
      } else {
        setError(
          t({
            id: 'betting.bets.cashOutFailed',
            message: 'The cash-out failed. Please try again.',
          }),
        );
      }
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: bettingKeyPrefix('bets') });
    }
  };

  return (
    <CashOutBox data-cash-out={value.amount}>
      {note ? <Note role="alert">{note}</Note> : null}
      {!open ? (
        <Button
          type="button"
          variant="secondary"
          aria-expanded={false}
          aria-controls={panelId}
          onClick={() => {
            setOpen(true);
            setAmount(value.amount);
          }}
        >
          <Trans id="betting.bets.cashOut">Cash out {valueText}</Trans>
        </Button>
      ) : (
        <div id={panelId}>
          <Input
            label={t({
              id: 'betting.bets.cashOutLabel',
              message: `Amount to cash out (up to ${valueText})`,
            })}
            name="cash_out"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={error ?? undefined}
            hint={t({
              id: 'betting.bets.cashOutHint',
              message: 'Less than the whole value keeps the rest of the bet running.',
            })}
            onChange={(event) => setAmount(event.currentTarget.value.slice(0, 20))}
          />
          <CashOutActions>
            <Button
              type="button"
              disabled={busy}
              onClick={() => void confirm()}
              data-confirm-cash-out
            >
              <Trans id="betting.bets.confirmCashOut">Confirm cash-out</Trans>
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              <Trans id="betting.bets.cancel">Cancel</Trans>
            </Button>
          </CashOutActions>
        </div>
      )}
    </CashOutBox>
  );
}

const CashOutActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 8px;
`;

export function MyBets() {
  const { t } = useLingui();
  const viewer = useViewer();
  const [status, setStatus] = useState<BetsStatus>('open');
  const bets = useBets(status);
  if (viewer === 0) {
    return (
      <Center>
        <Trans id="betting.bets.signIn">Sign in to see your bets.</Trans>
        <Button type="button" onClick={() => void openAuthDialog('authorization')}>
          <Trans id="betting.bets.signInButton">Sign in</Trans>
        </Button>
      </Center>
    );
  }
  const items = bets.data?.items ?? [];
  return (
    <div data-my-bets>
      <Tabs
        block
        label={t({ id: 'betting.bets.which', message: 'Which bets' })}
        value={status}
        onChange={setStatus}
        items={[
          { id: 'open', label: t({ id: 'betting.bets.open', message: 'Open' }) },
          { id: 'settled', label: t({ id: 'betting.bets.settled', message: 'Settled' }) },
        ]}
      />
      <div aria-busy={bets.isPending} style={{ marginTop: 12 }}>
        {bets.isPending ? null : items.length === 0 ? (
          <Center>
            {status === 'open' ? (
              <Trans id="betting.bets.noneOpen">You have no open bets.</Trans>
            ) : (
              <Trans id="betting.bets.noneSettled">No settled bets yet.</Trans>
            )}
          </Center>
        ) : (
          <List>
            {items.map((bet) => (
              <BetCard key={bet.id} bet={bet} />
            ))}
          </List>
        )}
      </div>
    </div>
  );
}
