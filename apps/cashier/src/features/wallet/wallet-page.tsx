import { Trans } from '@lingui/react/macro';
import { useBalance } from '@northstar/shell-sdk';
import { PagePlaceholder } from '@northstar/ui';
import { useWalletBroadcast } from './use-wallet-broadcast.ts';

export function WalletPage() {
  useWalletBroadcast();
  // The displayed balance as the server adds it (§3), the same answer the header shows.
  const { total: balance } = useBalance();
  return (
    <PagePlaceholder
      owner="cashier"
      title={<Trans id="cashier.cashierWallet.title">Wallet</Trans>}
      text={
        balance ? (
          <Trans id="cashier.wallet.balance">
            Your balance: {balance.amount} {balance.currency}
          </Trans>
        ) : (
          <Trans id="cashier.comingSoon">
            Deposits and withdrawals open here soon, with fast and secure payment methods.
          </Trans>
        )
      }
    />
  );
}
