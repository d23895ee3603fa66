import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { routePath, useBalance, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { ButtonLink, Skeleton } from '@northstar/ui';
import { RecentTransactions } from '../history/recent-transactions.tsx';
import { formatMoney } from '../shared/money.ts';
import { Card, CashierFrame, Columns, Facts, Stack } from '../shared/parts.tsx';
import { useWalletBroadcast } from './use-wallet-broadcast.ts';

const Total = styled.p`
  margin: 0 0 20px;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 36px;
  font-weight: 800;
  color: ${({ theme }) => theme.colors.primary};
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 24px;
`;

/** §2 `/cashier/wallet` (and `/cashier`): the balances, deposit and withdraw, recent moves. */
export function WalletPage() {
  useWalletBroadcast();
  // The balances as the server adds them (§3), the same answer the header shows.
  const { balances, total } = useBalance();
  const { locale } = useShellNavigation();
  const deposit = useLinkProps(routePath('cashierDeposit', {}, locale));
  const withdraw = useLinkProps(routePath('cashierWithdraw', {}, locale));
  return (
    <CashierFrame
      title={<Trans id="cashier.cashierWallet.title">Wallet</Trans>}
      section="cashierWallet"
    >
      <Columns>
        <Card aria-labelledby="cashier-wallet-balance" aria-busy={!balances}>
          <h2 id="cashier-wallet-balance">
            <Trans id="cashier.wallet.total">Total balance</Trans>
          </h2>
          {balances && total ? (
            <>
              <Total aria-live="polite">{formatMoney(total, locale)}</Total>
              <Facts>
                <dt>
                  <Trans id="cashier.wallet.main">Real money</Trans>
                </dt>
                <dd>{formatMoney(balances.balance_main, locale)}</dd>
                <dt>
                  <Trans id="cashier.wallet.bonus">Casino bonus</Trans>
                </dt>
                <dd>{formatMoney(balances.balance_bonus, locale)}</dd>
                <dt>
                  <Trans id="cashier.wallet.bettingBonus">Betting bonus</Trans>
                </dt>
                <dd>{formatMoney(balances.balance_betting_bonus, locale)}</dd>
              </Facts>
            </>
          ) : (
            <>
              <Skeleton $height="44px" $width="50%" />
              <Skeleton $height="90px" style={{ marginTop: 16 }} />
            </>
          )}
          <Actions>
            <ButtonLink size="lg" {...deposit}>
              <Trans id="cashier.wallet.deposit">Deposit</Trans>
            </ButtonLink>
            <ButtonLink size="lg" variant="secondary" {...withdraw}>
              <Trans id="cashier.wallet.withdraw">Withdraw</Trans>
            </ButtonLink>
          </Actions>
        </Card>
        <Stack>
          <RecentTransactions />
        </Stack>
      </Columns>
    </CashierFrame>
  );
}
