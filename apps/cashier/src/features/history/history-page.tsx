import { useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import { Tabs } from '@northstar/ui/forms';
import type { HistoryType } from '../shared/api.ts';
import { formatMoney } from '../shared/money.ts';
import { Card, CashierFrame, Columns, Muted, Stack } from '../shared/parts.tsx';
import { HistoryList } from './history-list.tsx';
import { hasMoreHistory, historyTab, HISTORY_TABS, mergeHistory } from './history-model.ts';
import { useClearHistoryTab, useHistoryPages, useNetDeposits } from './history-queries.ts';

/** §2 `/cashier/history`: four tabs (query `tab`), 4 rows a page with "show more" (§9). */
export function HistoryPage() {
  const { t } = useLingui();
  const { pathname, search, navigate } = useShellNavigation();
  const tab = historyTab(search);
  const clearTab = useClearHistoryTab();
  const [pages, setPages] = useState({ tab, count: 1 });
  const count = pages.tab === tab ? pages.count : 1;

  const switchTab = (next: HistoryType) => {
    clearTab(next);
    setPages({ tab: next, count: 1 });
    navigate(`${pathname}?tab=${next}`, { replace: true });
  };

  const labels: Record<HistoryType, string> = {
    deposit: t({ id: 'cashier.history.tab.deposit', message: 'Deposits' }),
    withdrawal: t({ id: 'cashier.history.tab.withdrawal', message: 'Withdrawals' }),
    bonuses: t({ id: 'cashier.history.tab.bonuses', message: 'Bonuses' }),
    cashbacks: t({ id: 'cashier.history.tab.cashbacks', message: 'Cashbacks' }),
  };

  return (
    <CashierFrame
      title={<Trans id="cashier.cashierHistory.title">Transaction history</Trans>}
      section="cashierHistory"
    >
      <Columns>
        <Card>
          <Tabs
            label={t({ id: 'cashier.history.tabs', message: 'Transaction type' })}
            value={tab}
            onChange={switchTab}
            items={HISTORY_TABS.map((id) => ({
              id,
              label: labels[id],
              panel:
                id === tab ? (
                  <HistoryTab
                    key={id}
                    type={id}
                    count={count}
                    onMore={() => setPages({ tab, count: count + 1 })}
                  />
                ) : null,
            }))}
          />
        </Card>
        <NetDeposits />
      </Columns>
    </CashierFrame>
  );
}

const Panel = styled.div`
  display: grid;
  gap: 14px;
  margin-top: 16px;
`;

function HistoryTab({
  type,
  count,
  onMore,
}: {
  type: HistoryType;
  count: number;
  onMore: () => void;
}) {
  const results = useHistoryPages(type, count);
  const pages = results.map((result) => result.data);
  const items = mergeHistory(pages);
  const loading = results.some((result) => result.isPending);
  const failed = results.some((result) => result.isError);
  const more = !loading && hasMoreHistory(pages);
  return (
    <Panel aria-busy={loading}>
      {items.length > 0 ? <HistoryList items={items} /> : null}
      {loading ? (
        <>
          <Skeleton $height="56px" />
          <Skeleton $height="56px" />
        </>
      ) : null}
      {!loading && !failed && items.length === 0 ? (
        <Muted>
          <Trans id="cashier.history.empty">Nothing here yet.</Trans>
        </Muted>
      ) : null}
      {failed ? (
        <Muted role="alert">
          <Trans id="cashier.history.error">
            The history could not be loaded. Please try again.
          </Trans>
        </Muted>
      ) : null}
      <p aria-live="polite" style={{ margin: 0 }}>
        {!loading && items.length > 0 ? (
          <Muted as="span">
            <Trans id="cashier.history.shown">
              Showing {items.length} of {pages.at(-1)?.total ?? items.length}
            </Trans>
          </Muted>
        ) : null}
      </p>
      {more ? (
        <div>
          <Button type="button" variant="secondary" onClick={onMore}>
            <Trans id="cashier.history.more">Show more</Trans>
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}

/** Deposits minus paid withdrawals: lifetime and the last 12 months. */
function NetDeposits() {
  const net = useNetDeposits();
  const { locale } = useShellNavigation();
  return (
    <Stack>
      <Card aria-labelledby="cashier-net" aria-busy={net.isPending}>
        <h2 id="cashier-net">
          <Trans id="cashier.net.title">Net deposits</Trans>
        </h2>
        {net.data ? (
          <NetFigures>
            <div>
              <dt>
                <Trans id="cashier.net.last12">Last 12 months</Trans>
              </dt>
              <dd>{formatMoney(net.data.last_12_months, locale)}</dd>
            </div>
            <div>
              <dt>
                <Trans id="cashier.net.lifetime">Since you joined</Trans>
              </dt>
              <dd>{formatMoney(net.data.lifetime, locale)}</dd>
            </div>
          </NetFigures>
        ) : net.isError ? (
          <Muted role="alert">
            <Trans id="cashier.net.error">Net deposits could not be loaded.</Trans>
          </Muted>
        ) : (
          <Skeleton $height="64px" />
        )}
        <Muted style={{ marginTop: 14 }}>
          <Trans id="cashier.net.explain">
            What you deposited minus what was paid out to you. Keep an eye on it and play within
            your budget.
          </Trans>
        </Muted>
      </Card>
    </Stack>
  );
}

const NetFigures = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  margin: 0;
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
    font-size: 20px;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
