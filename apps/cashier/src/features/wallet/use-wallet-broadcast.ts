import { useEffect } from 'react';
import { useBalance } from '@northstar/shell-sdk';

/** Channel on which a tab that completed a payment tells the other tabs the balance changed. */
export const WALLET_CHANNEL = 'northstar:wallet';

/**
 * What a tab posts after money moved. A `balance` it may still carry (older senders did) is not
 * taken: the balance is only ever the server's answer (`useBalance()`), so the message only
 * says "ask again".
 */
export interface WalletBalanceMessage {
  type: 'balance';
}

function isBalanceMessage(data: unknown): data is WalletBalanceMessage {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'balance'
  );
}

/**
 * Keeps the header's balance current while the wallet is open: when a payment finishes in another
 * tab (the provider's page, a second cashier tab), that tab posts on the channel and this one
 * refetches the balance. BroadcastChannel only carries messages between pages of this origin.
 */
export function useWalletBroadcast(): void {
  const { refresh } = useBalance();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(WALLET_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isBalanceMessage(event.data)) void refresh();
    };
    return () => channel.close();
  }, [refresh]);
}
