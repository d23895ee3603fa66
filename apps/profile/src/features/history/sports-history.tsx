import styled from 'styled-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useRuntimeLingui } from '@lingui/react';
import { bookLabels } from '@northstar/bet-labels';
import { Skeleton } from '@northstar/ui';
import { sportsBetsQuery, type SportsBet } from './history-api.ts';
import { HISTORY_PAGE_SIZE, pageCount, periodRange, type PeriodChoice } from './history-model.ts';
import { Empty, PageSwitcher, Table, useFormats } from './history-parts.tsx';

/**
 * The sportsbook's bets in `/profile/bets/history` (issue #29): each bet with its type, every
 * leg (the pick, the event, the odds taken and how it settled), the stake, what it returned or
 * was cashed out for, and its state, newest first, 20 a page, within the chosen period.
 */

const Legs = styled.ul`
  display: grid;
  gap: 4px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

function BetRow({ bet }: { bet: SportsBet }) {
  const { t } = useLingui();
  const { i18n } = useRuntimeLingui();
  const labels = bookLabels(i18n);
  const { money, when } = useFormats();
  const cashedOut = Number(bet.cashed_out.amount) > 0;
  return (
    <tr data-sports-bet={bet.id} data-status={bet.status}>
      <td data-label={t({ id: 'profile.history.col.time', message: 'Time' })}>
        {when(bet.placed_at)}
      </td>
      <td data-label={t({ id: 'profile.history.sports.bet', message: 'Bet' })}>
        <strong>{labels.betKind(bet.kind, bet.legs.length)}</strong>
        {bet.free_bet ? (
          <> · {t({ id: 'profile.history.sports.freeBet', message: 'free bet' })}</>
        ) : null}
        <Legs>
          {bet.legs.map((leg) => (
            <li key={leg.outcome_id}>
              <strong>{labels.outcome(leg)}</strong> · {labels.market(leg.market, leg.line)} ·{' '}
              {leg.home}
              {leg.away ? ` – ${leg.away}` : ''} @ {leg.odds} · {labels.legResult(leg.result)}
            </li>
          ))}
        </Legs>
      </td>
      <td className="num" data-label={t({ id: 'profile.history.col.stake', message: 'Stake' })}>
        {money(bet.total_stake.amount, bet.total_stake.currency)}
      </td>
      <td
        className="num"
        data-label={t({ id: 'profile.history.sports.return', message: 'Returned' })}
      >
        {bet.return ? money(bet.return.amount, bet.return.currency) : '—'}
        {cashedOut ? (
          <div data-cashed-out>
            {t({
              id: 'profile.history.sports.cashedOut',
              message: `Cashed out ${money(bet.cashed_out.amount, bet.cashed_out.currency)}`,
            })}
          </div>
        ) : null}
      </td>
      <td data-label={t({ id: 'profile.history.sports.status', message: 'State' })}>
        {labels.betStatus(bet.status)}
      </td>
    </tr>
  );
}

export function SportsHistory({
  period,
  page,
  onPage,
  today,
}: {
  period: PeriodChoice;
  page: number;
  onPage: (page: number) => void;
  today: Date;
}) {
  const bets = useQuery({
    ...sportsBetsQuery({
      offset: page * HISTORY_PAGE_SIZE,
      count: HISTORY_PAGE_SIZE,
      ...periodRange(period, today),
    }),
    placeholderData: keepPreviousData,
  });
  if (bets.isError) {
    return (
      <Empty role="alert">
        <Trans id="profile.history.failed">The history could not be loaded. Try again.</Trans>
      </Empty>
    );
  }
  if (!bets.data) return <Skeleton $height="240px" $radius="12px" />;
  if (bets.data.items.length === 0) {
    return (
      <Empty>
        <Trans id="profile.history.sports.empty">No sports bets in this period.</Trans>
      </Empty>
    );
  }
  const pages = pageCount(bets.data.total);
  return (
    <>
      <Table data-testid="sports-history-table">
        <caption className="visually-hidden" style={{ position: 'absolute', left: -9999 }}>
          <Trans id="profile.history.sports.caption">Your sports bets, newest first</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans id="profile.history.col.time">Time</Trans>
            </th>
            <th scope="col">
              <Trans id="profile.history.sports.bet">Bet</Trans>
            </th>
            <th scope="col" className="num">
              <Trans id="profile.history.col.stake">Stake</Trans>
            </th>
            <th scope="col" className="num">
              <Trans id="profile.history.sports.return">Returned</Trans>
            </th>
            <th scope="col">
              <Trans id="profile.history.sports.status">State</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {bets.data.items.map((bet) => (
            <BetRow key={bet.id} bet={bet} />
          ))}
        </tbody>
      </Table>
      <PageSwitcher page={page} pages={pages} onPage={onPage} />
    </>
  );
}
