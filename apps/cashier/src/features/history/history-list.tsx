import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  useDisplayOffset,
} from '@northstar/shell-sdk';
import type { HistoryItem } from '../shared/api.ts';
import { cashierDateTime } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import { StatusPill } from '../shared/parts.tsx';
import { statusTone, useStatusText } from '../shared/status.ts';

const Rows = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 4px 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-size: 14px;
  .what {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .amount {
    text-align: right;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .in {
    color: ${({ theme }) => theme.colors.success};
  }
  .when {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  .side {
    justify-self: end;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-size: 13px;
  }
`;

function useTypeText() {
  const { t } = useLingui();
  return (type: HistoryItem['type']) => {
    switch (type) {
      case 'deposit':
        return t({ id: 'cashier.history.type.deposit', message: 'Deposit' });
      case 'withdrawal':
        return t({ id: 'cashier.history.type.withdrawal', message: 'Withdrawal' });
      case 'bonuses':
        return t({ id: 'cashier.history.type.bonus', message: 'Bonus' });
      default:
        return t({ id: 'cashier.history.type.cashback', message: 'Cashback' });
    }
  };
}

/** Where a row's details live: a deposit's receipt, a withdrawal's tracker. */
function receiptHref(item: HistoryItem, locale: Parameters<typeof routePath>[2]): string | null {
  const base = routePath('cashierReceipt', {}, locale);
  if (item.type === 'deposit') return `${base}?id=${item.id}`;
  if (item.type === 'withdrawal') return `${base}?withdrawal=${item.id}`;
  return null;
}

function DetailsLink({ href }: { href: string }) {
  const link = useLinkProps(href);
  return (
    <a {...link}>
      <Trans id="cashier.history.details">Details</Trans>
    </a>
  );
}

/** Rows of the cashier history: what, how, when (§9 DD.MM.YYYY H:MM), how much, its status. */
export function HistoryList({ items }: { items: readonly HistoryItem[] }) {
  const { locale } = useShellNavigation();
  const offset = useDisplayOffset();
  const statusText = useStatusText();
  const typeText = useTypeText();
  return (
    <Rows>
      {items.map((item) => {
        const { date, time } = cashierDateTime(item.created_at, offset);
        const href = receiptHref(item, locale);
        const incoming = item.type !== 'withdrawal';
        return (
          <Row key={item.id} data-testid="history-row">
            <span className="what">
              {typeText(item.type)}
              {item.method ? ` · ${item.method}` : ''}
              {item.requisites ? ` · ${item.requisites}` : ''}
            </span>
            <span className={incoming ? 'amount in' : 'amount'}>
              {incoming ? '+' : '−'}
              {formatMoney(item.amount, locale)}
            </span>
            <span className="when">
              <time dateTime={item.created_at}>
                {date} {time}
              </time>
              {href ? (
                <>
                  {' '}
                  · <DetailsLink href={href} />
                </>
              ) : null}
            </span>
            <span className="side">
              <StatusPill $tone={statusTone(item.status)}>{statusText(item.status)}</StatusPill>
            </span>
          </Row>
        );
      })}
    </Rows>
  );
}
