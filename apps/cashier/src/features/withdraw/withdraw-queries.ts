import { useQuery, type QueryClient } from '@tanstack/react-query';
import { refreshBalance } from '@northstar/shell-sdk';
import {
  cashierApi,
  cashierKey,
  cashierKeyPrefix,
  CASHIER_METHODS,
  type Bank,
  type CashierParams,
  type Withdrawal,
} from '../shared/api.ts';
import { isFinalStage } from './tracker-model.ts';

/** How often a withdrawal that is still moving is asked again. */
export const WITHDRAWAL_POLL_MS = 5000;

export const withdrawSettingsQuery = () => ({
  queryKey: cashierKey('getwithdrawsettings'),
  queryFn: () => cashierApi.send(CASHIER_METHODS.getwithdrawsettings),
});

export function useWithdrawSettings() {
  return useQuery(withdrawSettingsQuery());
}

export function useBanks(enabled: boolean) {
  return useQuery({
    queryKey: cashierKey('getbanks'),
    queryFn: async () => {
      const banks = await cashierApi.send(CASHIER_METHODS.getbanks);
      return banks as { items: Bank[]; total: number };
    },
    staleTime: 10 * 60_000,
    enabled,
  });
}

export const withdrawalQuery = (id: number) => ({
  queryKey: cashierKey('getwithdrawal', { id }),
  queryFn: () => cashierApi.send(CASHIER_METHODS.getwithdrawal, { id }),
});

/** One withdrawal, asked again every 5 s until it is paid, rejected or cancelled. */
export function useWithdrawal(id: number | null, initial?: Withdrawal) {
  return useQuery({
    ...withdrawalQuery(id ?? 0),
    enabled: id !== null && id > 0,
    initialData: initial,
    refetchInterval: (query) => {
      const stage = query.state.data?.stage;
      return stage && !isFinalStage(stage) ? WITHDRAWAL_POLL_MS : false;
    },
  });
}

/** Money moved: the balance, the withdrawable amount and the history are asked again. */
export async function afterWithdrawalChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshBalance(queryClient),
    queryClient.invalidateQueries({ queryKey: cashierKey('getwithdrawsettings') }),
    queryClient.invalidateQueries({ queryKey: cashierKeyPrefix('gethistory') }),
    queryClient.invalidateQueries({ queryKey: cashierKey('getnetdeposits') }),
  ]);
}

export function makeWithdrawal(params: CashierParams<'makewithdrawal'>) {
  return cashierApi.send(CASHIER_METHODS.makewithdrawal, params);
}

export async function cancelWithdrawal(queryClient: QueryClient, id: number): Promise<void> {
  await cashierApi.send(CASHIER_METHODS.cancelwithdrawal, { id });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: withdrawalQuery(id).queryKey }),
    afterWithdrawalChange(queryClient),
  ]);
}
