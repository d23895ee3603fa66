import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshBalance } from '@northstar/shell-sdk';
import { cashierApi, cashierKey, cashierKeyPrefix, CASHIER_METHODS } from '../shared/api.ts';
import { WALLET_CHANNEL, type WalletBalanceMessage } from '../wallet/use-wallet-broadcast.ts';
import { depositPollInterval } from './deposit-status.ts';

export const depositInfoQuery = (id: number) => ({
  queryKey: cashierKey('getdepositinfo', { id }),
  queryFn: () => cashierApi.send(CASHIER_METHODS.getdepositinfo, { id }),
});

/**
 * cashier/getdepositinfo, asked again every 2 s while the payment is pending. When it settles as
 * a success the header balance, the history and the other tabs of the site are told.
 */
export function useDepositInfo(id: number | null, options: { poll?: boolean } = {}) {
  const queryClient = useQueryClient();
  const poll = options.poll ?? true;
  const query = useQuery({
    ...depositInfoQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (q) => (poll && !q.state.error ? depositPollInterval(q.state.data) : false),
  });
  const status = query.data?.status;
  const announced = useRef(false);
  useEffect(() => {
    if (status !== 'success' || announced.current) return;
    announced.current = true;
    void refreshBalance(queryClient);
    void queryClient.invalidateQueries({ queryKey: cashierKeyPrefix('gethistory') });
    void queryClient.invalidateQueries({ queryKey: cashierKey('getdepositsettings') });
    void queryClient.invalidateQueries({ queryKey: cashierKey('getnetdeposits') });
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(WALLET_CHANNEL);
      channel.postMessage({ type: 'balance' } satisfies WalletBalanceMessage);
      channel.close();
    }
  }, [status, queryClient]);
  return query;
}
