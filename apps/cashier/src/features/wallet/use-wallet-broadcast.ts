import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { balanceAtom, type Money } from '@northstar/shell-sdk';

/** Channel on which a tab that completed a payment announces the new balance to other tabs. */
export const WALLET_CHANNEL = 'northstar:wallet';

export interface WalletBalanceMessage {
  type: 'balance';
  balance: Money;
}

function isBalanceMessage(data: unknown): data is WalletBalanceMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, balance } = data as Partial<WalletBalanceMessage>;
  return (
    type === 'balance' &&
    typeof balance?.amount === 'string' &&
    /^\d+(\.\d+)?$/.test(balance.amount) &&
    typeof balance.currency === 'string' &&
    /^[A-Z]{3}$/.test(balance.currency)
  );
}

/**
 * Keeps the header's balance current while the wallet is open: when a payment finishes in another
 * tab (the provider's page, a second cashier tab), that tab posts the new balance here.
 * BroadcastChannel only carries messages between pages of this origin.
 */
export function useWalletBroadcast(): void {
  const setBalance = useSetAtom(balanceAtom);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(WALLET_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isBalanceMessage(event.data)) setBalance(event.data.balance);
    };
    return () => channel.close();
  }, [setBalance]);
}
