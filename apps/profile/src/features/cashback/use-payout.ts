import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { apiQueryKey, isApiError, refreshBalance } from '@northstar/shell-sdk';
import {
  CASHBACK_KEY,
  CASHBACK_METHODS,
  CURRENT_KEY,
  cashbackApi,
  type PayoutOutcome,
} from './cashback-api.ts';

/** A payout refusal's reason (§8 InvalidRequest `error_data.reason`) in the page's language. */
function usePayoutError(): (error: unknown) => string {
  const { t } = useLingui();
  return (error) => {
    const reason = isApiError(error) ? error.errorData.reason : undefined;
    switch (reason) {
      case 'cashback_status':
        return t({
          id: 'profile.cashback.error.status',
          message: 'This cashback has already been paid out or is no longer available.',
        });
      case 'cashback_expired':
        return t({
          id: 'profile.cashback.error.expired',
          message: 'The time to claim this cashback has passed.',
        });
      case 'self_excluded':
        return t({
          id: 'profile.cashback.error.excluded',
          message: 'Cashback cannot be paid out while you are excluded from play.',
        });
      default:
        return t({
          id: 'profile.cashback.error.failed',
          message: 'The cashback could not be paid out. Please try again.',
        });
    }
  };
}

/**
 * Pays a cashback out (`cashbacks/payout`), then refreshes the balance and the cashback lists.
 * One request at a time: the button is disabled while it runs (the server refuses a second).
 */
export function usePayout() {
  const queryClient = useQueryClient();
  const errorText = usePayoutError();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<{ id: number; text: string } | null>(null);
  const [paid, setPaid] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<PayoutOutcome | null>(null);
  const payout = async (id: number) => {
    if (busy !== null) return false;
    setBusy(id);
    setError(null);
    try {
      const answer = await cashbackApi.send(CASHBACK_METHODS.payout, { cashback_id: id });
      setOutcome(answer);
      setPaid(id);
      return true;
    } catch (failure) {
      setError({ id, text: errorText(failure) });
      return false;
    } finally {
      setBusy(null);
      await Promise.all([
        refreshBalance(queryClient),
        queryClient.invalidateQueries({ queryKey: CASHBACK_KEY.slice(0, 3) }),
        queryClient.invalidateQueries({ queryKey: CURRENT_KEY }),
        // A bonus payout adds a bonus: the bonuses page must show it.
        queryClient.invalidateQueries({ queryKey: apiQueryKey('bonuses', 'get').slice(0, 3) }),
      ]);
    }
  };
  return { payout, busy, error, paid, outcome };
}
