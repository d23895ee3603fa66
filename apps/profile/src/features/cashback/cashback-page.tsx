import { useId, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteContent } from '@northstar/shell-sdk';
import { Button, media, Skeleton } from '@northstar/ui';
import { Chip, Muted, Notice, Panel, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import {
  CASHBACK_METHODS,
  CURRENT_KEY,
  cashbackApi,
  cashbackKey,
  type Cashback,
  type CashbackCurrent,
} from './cashback-api.ts';
import {
  claimable,
  intervalView,
  lastMoment,
  type CashbackIntervalView,
} from './cashback-model.ts';
import { ClaimDeadline, PayoutNotice, useDate, useMoney } from './cashback-parts.tsx';
import { usePayout } from './use-payout.ts';

const HISTORY = { count: 20, sort: 'id', order: 'desc' } as const;

/** The minute now, for deadlines (stable within a minute, so a render reads one value). */
const minuteNow = () => Math.floor(Date.now() / 60_000) * 60_000;
function subscribeMinutes(onChange: () => void) {
  const timer = setInterval(onChange, 15_000);
  return () => clearInterval(timer);
}

/** The clock for deadlines: none while the server renders (and hydrates), then each minute. */
function useNow(): number | null {
  return useSyncExternalStore<number | null>(subscribeMinutes, minuteNow, () => null);
}

/**
 * `/profile/cashback` (§2, issue #26): this period's running figure (real-money net loss so far
 * and the cashback it would give), the cashbacks ready to pay out with their deadline in the
 * `cashbackIntervalView` form, and the history of every cashback with its status.
 */
export function CashbackPage() {
  const current = useQuery({
    queryKey: CURRENT_KEY,
    queryFn: () => cashbackApi.send(CASHBACK_METHODS.getcurrent),
  });
  const list = useQuery({
    queryKey: cashbackKey(HISTORY),
    queryFn: () => cashbackApi.send(CASHBACK_METHODS.get, HISTORY),
  });
  const offers = useSiteContent()?.commonContent.offers as Record<string, unknown> | undefined;
  const view = intervalView(offers?.cashbackIntervalView);
  const now = useNow();
  return (
    <ProfileFrame
      title={<Trans id="profile.profileCashback.title">Cashback</Trans>}
      lead={
        <Trans id="profile.cashback.lead">
          A share of what you lose with real money comes back to you at the end of each period.
        </Trans>
      }
    >
      {current.data !== undefined ? (
        <CurrentPanel current={current.data} />
      ) : (
        <Skeleton $height="180px" $radius="16px" />
      )}
      {list.data && now !== null ? (
        <>
          <ReadyPanel items={list.data.items} view={view} now={now} />
          <HistoryPanel items={list.data.items} />
        </>
      ) : list.isError ? (
        <Notice role="alert">
          <Trans id="profile.cashback.loadError">Your cashback could not be loaded.</Trans>
        </Notice>
      ) : (
        <Skeleton $height="220px" $radius="16px" />
      )}
    </ProfileFrame>
  );
}

function CurrentPanel({ current }: { current: CashbackCurrent }) {
  const titleId = useId();
  const money = useMoney();
  const date = useDate();
  if (current === null) {
    return (
      <Panel labelId={titleId} title={<Trans id="profile.cashback.current">This period</Trans>}>
        <Muted>
          <Trans id="profile.cashback.none">
            There is no cashback for your currency at the moment.
          </Trans>
        </Muted>
      </Panel>
    );
  }
  const { settings } = current;
  // The player's percentage: the terms' plus their loyalty level's perk.
  const percent = current.percent;
  const levelPercent = current.level_percent;
  return (
    <Panel
      labelId={titleId}
      title={<Trans id="profile.cashback.current">This period</Trans>}
      lead={
        <Trans id="profile.cashback.periodDates">
          {date(current.period_start, true)} – {date(current.period_end, true)}
        </Trans>
      }
    >
      <Figures>
        <div>
          <dt>
            <Trans id="profile.cashback.netLoss">Net loss so far</Trans>
          </dt>
          <dd data-testid="cashback-net-loss">{money(current.net_loss)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.cashback.wouldGive">Cashback it would give</Trans>
          </dt>
          <dd data-testid="cashback-would-give">{money(current.amount)}</dd>
        </div>
      </Figures>
      <Terms>
        <li>
          {settings.period === 'weekly' ? (
            <Trans id="profile.cashback.termsWeekly">
              {percent}% of your weekly net loss with real money (bets minus wins), from Monday
              00:00 UTC.
            </Trans>
          ) : (
            <Trans id="profile.cashback.termsDaily">
              {percent}% of your daily net loss with real money (bets minus wins), from 00:00 UTC.
            </Trans>
          )}
          {levelPercent !== '0' ? (
            <>
              {' '}
              <span data-testid="cashback-level-perk">
                <Trans id="profile.cashback.termsLevel">
                  That includes {levelPercent}% more for your loyalty level.
                </Trans>
              </span>
            </>
          ) : null}
        </li>
        <li>
          <Trans id="profile.cashback.termsMin">
            Paid when you lose at least{' '}
            {money({ amount: settings.min_loss, currency: current.net_loss.currency })}.
          </Trans>
          {settings.cap !== null ? (
            <>
              {' '}
              <Trans id="profile.cashback.termsCap">
                At most {money({ amount: settings.cap, currency: current.net_loss.currency })} a
                period.
              </Trans>
            </>
          ) : null}
        </li>
        <li>
          {settings.payout_to === 'main' ? (
            <Trans id="profile.cashback.termsMain">
              Paid into your real-money balance with no wagering.
            </Trans>
          ) : (
            <Trans id="profile.cashback.termsBonus">
              Paid as bonus money to wager {settings.wagering_multiplier} times before you can
              withdraw it.
            </Trans>
          )}{' '}
          <Trans id="profile.cashback.termsClaim">
            You have {settings.claim_hours} hours to claim it.
          </Trans>
        </li>
      </Terms>
    </Panel>
  );
}

function ReadyPanel({
  items,
  view,
  now,
}: {
  items: readonly Cashback[];
  view: CashbackIntervalView;
  now: number;
}) {
  const titleId = useId();
  const money = useMoney();
  const { t } = useLingui();
  const { payout, busy, error, paid, outcome } = usePayout();
  const ready = items.filter((c) => claimable(c, now));
  return (
    <Panel labelId={titleId} title={<Trans id="profile.cashback.ready">Ready to pay out</Trans>}>
      {paid !== null ? (
        <div style={{ marginBottom: 12 }}>
          <PayoutNotice outcome={outcome} />
        </div>
      ) : null}
      {ready.length === 0 ? (
        <Muted>
          <Trans id="profile.cashback.nothingReady">
            Nothing to pay out now. Your next cashback is worked out when this period ends.
          </Trans>
        </Muted>
      ) : (
        <Rows>
          {ready.map((c) => (
            <li key={c.id} data-testid="cashback-ready">
              <div>
                <strong>{money(c.amount)}</strong>
                <Muted>
                  <ClaimDeadline until={c.receiving_expired_at} view={view} now={now} />
                </Muted>
                {error?.id === c.id ? (
                  <Notice role="alert" style={{ marginTop: 8 }}>
                    {error.text}
                  </Notice>
                ) : null}
              </div>
              <Button
                type="button"
                disabled={busy !== null}
                aria-label={t({
                  id: 'profile.cashback.payoutAria',
                  message: `Pay out ${money(c.amount)}`,
                })}
                onClick={() => void payout(c.id)}
              >
                <Trans id="profile.cashback.payout">Pay out</Trans>
              </Button>
            </li>
          ))}
        </Rows>
      )}
    </Panel>
  );
}

function HistoryPanel({ items }: { items: readonly Cashback[] }) {
  const titleId = useId();
  const money = useMoney();
  const date = useDate();
  const { t } = useLingui();
  const statusText: Record<Cashback['status'], string> = {
    active: t({ id: 'profile.cashback.status.active', message: 'Ready' }),
    paid_out: t({ id: 'profile.cashback.status.paidOut', message: 'Paid out' }),
    expired: t({ id: 'profile.cashback.status.expired', message: 'Expired' }),
    removed: t({ id: 'profile.cashback.status.removed', message: 'Declined' }),
  };
  // Paid as bonus money, it is not withdrawable yet: "paid out" would say more than is true.
  const addedToBonuses = t({
    id: 'profile.cashback.status.addedToBonuses',
    message: 'Added to bonuses',
  });
  return (
    <Panel labelId={titleId} title={<Trans id="profile.cashback.history">History</Trans>}>
      {items.length === 0 ? (
        <Muted>
          <Trans id="profile.cashback.historyEmpty">No cashback yet.</Trans>
        </Muted>
      ) : (
        <Rows>
          {items.map((c) => (
            <li key={c.id} data-testid="cashback-history-row">
              <div>
                <strong>{money(c.amount)}</strong>
                <Muted>
                  {c.net_loss.amount !== '0' && Number(c.net_loss.amount) > 0 ? (
                    <Trans id="profile.cashback.historyLine">
                      {c.percent}% of {money(c.net_loss)} · {date(c.start_date)} –{' '}
                      {date(lastMoment(c.end_date))}
                    </Trans>
                  ) : (
                    <Trans id="profile.cashback.historyGoodwill">
                      Cashback from the team · {date(c.created_at)}
                    </Trans>
                  )}
                </Muted>
              </div>
              <Chip
                $tone={
                  c.status === 'paid_out' ? 'success' : c.status === 'active' ? 'warning' : 'muted'
                }
              >
                {c.status === 'paid_out' && c.payout_to === 'bonus'
                  ? addedToBonuses
                  : statusText[c.status]}
              </Chip>
            </li>
          ))}
        </Rows>
      )}
    </Panel>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  margin: 0 0 16px;
  ${media.from('tablet')} {
    grid-template-columns: 1fr 1fr;
  }
  div {
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  dt {
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-size: 22px;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Terms = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding-left: 18px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Rows = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 12px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  li > div {
    display: grid;
    gap: 4px;
    min-width: 0;
  }
  strong {
    font-size: 18px;
    font-variant-numeric: tabular-nums;
  }
`;
