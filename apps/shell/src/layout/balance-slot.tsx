import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { formatCurrency } from '@northstar/i18n/format';
import { useBalance, useShellNavigation } from '@northstar/shell-sdk';

const Balance = styled.output`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  padding: 4px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  line-height: 1.2;
  small {
    font-size: 11px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  strong {
    font-variant-numeric: tabular-nums;
    /* Never "€" over "525.00" when the header is crowded (the game page's session figures). */
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.success};
  }
`;

/**
 * The header's balance: the server's `balance_total` (main + bonus + betting bonus, §3) from
 * `useBalance()`, the one owner of the balance; a remote that moved money calls its `refresh`.
 */
export function BalanceSlot() {
  const { total: balance } = useBalance();
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  if (!balance) return null;
  const label = t({ id: 'header.balance', message: 'Balance' });
  return (
    <Balance data-testid="header-balance" aria-label={label}>
      <small aria-hidden="true">{label}</small>
      <strong>{formatCurrency(balance.amount, balance.currency, locale)}</strong>
    </Balance>
  );
}
