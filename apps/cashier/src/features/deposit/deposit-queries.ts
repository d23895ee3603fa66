import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  cashierApi,
  cashierKey,
  CASHIER_METHODS,
  type CashierParams,
  type DepositLimit,
  type DepositSettings,
} from '../shared/api.ts';

/** cashier/getdepositsettings: methods, presets, offers, first-deposit flag and limits. */
export const depositSettingsQuery = () => ({
  queryKey: cashierKey('getdepositsettings'),
  queryFn: () => cashierApi.send(CASHIER_METHODS.getdepositsettings),
});

export function useDepositSettings() {
  return useQuery(depositSettingsQuery());
}

/** cashier/makedeposit: the transaction and the provider's payment page to go to. */
export function makeDeposit(params: CashierParams<'makedeposit'>) {
  return cashierApi.send(CASHIER_METHODS.makedeposit, params);
}

/**
 * account/setDepositLimit. The answer is the player's limits as they now stand: it replaces the
 * limits in the deposit settings and in account/getDepositLimit, without another request.
 */
export async function setDepositLimit(
  queryClient: QueryClient,
  params: CashierParams<'setDepositLimit'>,
): Promise<DepositLimit> {
  const limit = await cashierApi.send(CASHIER_METHODS.setDepositLimit, params);
  queryClient.setQueryData<DepositSettings>(cashierKey('getdepositsettings'), (settings) =>
    settings ? { ...settings, limit } : settings,
  );
  queryClient.setQueryData(cashierKey('getDepositLimit'), limit);
  return limit;
}
