import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Skeleton } from '@northstar/ui';
import { ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { Select } from '@northstar/ui/forms';
import { historyQuery, type GameRound } from './history-api.ts';
import {
  historyQueryOf,
  pageCount,
  PERIODS,
  PRODUCTS,
  type PeriodChoice,
  type ProductChoice,
} from './history-model.ts';
import {
  Banner,
  Empty,
  Filters,
  HistoryTabs,
  PageSwitcher,
  Table,
  useFormats,
} from './history-parts.tsx';
import { SportsHistory } from './sports-history.tsx';

/**
 * `/profile/bets/history` (§7 games/getHistory; issue #25): every round with its id, game, stake,
 * win, balance after and time, filtered by period and product, 20 a page, from the wallet's own
 * records. An unfinished round shows a banner with the way back into its game.
 */
export function HistoryPage() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<PeriodChoice>('30');
  const [product, setProduct] = useState<ProductChoice>('all');
  const [page, setPage] = useState(0);
  // Today, fixed for the page's life: the query key must not change at every render.
  const [today] = useState(() => new Date());
  const query = historyQueryOf(period, product, page, today);
  const sports = product === 'sports';
  const history = useQuery({
    ...historyQuery(query),
    placeholderData: keepPreviousData,
    enabled: !sports,
  });
  const open = useQuery(historyQuery({ offset: 0, count: 1, status: 'open' }));
  const { money, when } = useFormats();

  const periodLabel = (value: PeriodChoice) =>
    value === 'all'
      ? t({ id: 'profile.history.period.all', message: 'All time' })
      : t({ id: 'profile.history.period.days', message: `Last ${value} days` });
  const productLabel = (value: ProductChoice) =>
    value === 'all'
      ? t({ id: 'profile.history.product.all', message: 'All products' })
      : value === 'casino'
        ? t({ id: 'profile.history.product.casino', message: 'Casino' })
        : value === 'live'
          ? t({ id: 'profile.history.product.live', message: 'Live casino' })
          : t({ id: 'profile.history.product.sports', message: 'Sports betting' });
  const statusLabel = (status: GameRound['status']) =>
    status === 'open'
      ? t({ id: 'profile.history.status.open', message: 'Unfinished' })
      : status === 'settled'
        ? t({ id: 'profile.history.status.settled', message: 'Settled' })
        : t({ id: 'profile.history.status.rolledBack', message: 'Refunded' });

  const unfinished = open.data?.items[0];
  const total = history.data?.total ?? 0;
  const pages = pageCount(total);

  return (
    <ProfileFrame title={<Trans id="profile.profileBetsHistory.title">Bet history</Trans>}>
      {/* One block: the page keeps its own spacing inside the frame's stack. */}
      <div>
        <HistoryTabs current="history" />
        {unfinished ? <ResumeBanner round={unfinished} /> : null}
        <Filters
          onSubmit={(event) => event.preventDefault()}
          aria-label={t({ id: 'profile.history.filters', message: 'Filters' })}
        >
          <Select
            label={<Trans id="profile.history.period">Period</Trans>}
            value={period}
            onChange={(event) => {
              setPeriod(event.currentTarget.value as PeriodChoice);
              setPage(0);
            }}
            options={PERIODS.map((value) => ({ value, label: periodLabel(value) }))}
          />
          <Select
            label={<Trans id="profile.history.product">Product</Trans>}
            value={product}
            onChange={(event) => {
              setProduct(event.currentTarget.value as ProductChoice);
              setPage(0);
            }}
            options={PRODUCTS.map((value) => ({ value, label: productLabel(value) }))}
          />
        </Filters>
        {sports ? (
          <SportsHistory period={period} page={page} onPage={setPage} today={today} />
        ) : history.isError ? (
          <Empty role="alert">
            <Trans id="profile.history.failed">The history could not be loaded. Try again.</Trans>
          </Empty>
        ) : !history.data ? (
          <Skeleton $height="240px" $radius="12px" />
        ) : history.data.items.length === 0 ? (
          <Empty>
            <Trans id="profile.history.empty">No rounds in this period.</Trans>
          </Empty>
        ) : (
          <Table data-testid="history-table">
            <caption className="visually-hidden" style={{ position: 'absolute', left: -9999 }}>
              <Trans id="profile.history.caption">Your rounds, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans id="profile.history.col.round">Round</Trans>
                </th>
                <th scope="col">
                  <Trans id="profile.history.col.game">Game</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans id="profile.history.col.stake">Stake</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans id="profile.history.col.win">Win</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans id="profile.history.col.balance">Balance after</Trans>
                </th>
                <th scope="col">
                  <Trans id="profile.history.col.time">Time</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.items.map((item) => (
                <tr key={`${item.provider}:${item.round}`} data-round={item.round}>
                  <td data-label={t({ id: 'profile.history.col.round', message: 'Round' })}>
                    <code>{item.round.slice(0, 12)}</code>
                  </td>
                  <td data-label={t({ id: 'profile.history.col.game', message: 'Game' })}>
                    {item.game.name}
                    {item.status !== 'settled' ? ` · ${statusLabel(item.status)}` : ''}
                  </td>
                  <td
                    className="num"
                    data-label={t({ id: 'profile.history.col.stake', message: 'Stake' })}
                  >
                    {money(item.stake, item.currency)}
                  </td>
                  <td
                    className="num"
                    data-label={t({ id: 'profile.history.col.win', message: 'Win' })}
                  >
                    {money(item.win, item.currency)}
                  </td>
                  <td
                    className="num"
                    data-label={t({ id: 'profile.history.col.balance', message: 'Balance after' })}
                  >
                    {money(item.balance_after, item.currency)}
                  </td>
                  <td data-label={t({ id: 'profile.history.col.time', message: 'Time' })}>
                    {when(item.started_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {!sports && total > 0 ? <PageSwitcher page={page} pages={pages} onPage={setPage} /> : null}
      </div>
    </ProfileFrame>
  );
}

/** An unfinished round: the game keeps it, and opening the game again resumes it. */
function ResumeBanner({ round }: { round: GameRound }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('game', { sysname: round.game.sysname }, locale));
  const game = round.game.name;
  return (
    <Banner role="status" data-testid="unfinished-round">
      <span>
        <Trans id="profile.history.unfinished">You have an unfinished round in {game}.</Trans>
      </span>
      <a {...link}>
        <Trans id="profile.history.resume">Resume the round</Trans>
      </a>
    </Banner>
  );
}
