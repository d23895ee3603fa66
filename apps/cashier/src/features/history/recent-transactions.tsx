import { Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Skeleton } from '@northstar/ui';
import { Card, Muted } from '../shared/parts.tsx';
import { HistoryList } from './history-list.tsx';
import { useRecentTransactions } from './history-queries.ts';

/** The 4 latest transactions (§9), with a link to the full history. */
export function RecentTransactions() {
  const recent = useRecentTransactions();
  const { locale } = useShellNavigation();
  const all = useLinkProps(routePath('cashierHistory', {}, locale));
  return (
    <Card aria-labelledby="cashier-recent" aria-busy={recent.isPending}>
      <h2 id="cashier-recent">
        <Trans id="cashier.recent.title">Recent transactions</Trans>
      </h2>
      {recent.data ? (
        recent.data.items.length > 0 ? (
          <HistoryList items={recent.data.items} />
        ) : (
          <Muted>
            <Trans id="cashier.recent.empty">No transactions yet.</Trans>
          </Muted>
        )
      ) : recent.isError ? (
        <Muted role="alert">
          <Trans id="cashier.recent.error">The transactions could not be loaded.</Trans>
        </Muted>
      ) : (
        <>
          <Skeleton $height="56px" />
          <Skeleton $height="56px" style={{ marginTop: 8 }} />
        </>
      )}
      <p style={{ margin: '14px 0 0' }}>
        <a {...all} style={{ color: 'inherit', fontWeight: 600 }}>
          <Trans id="cashier.recent.all">All transactions</Trans>
        </a>
      </p>
    </Card>
  );
}
