import type { InferOutput } from 'valibot';
import type { QueryClient } from '@tanstack/react-query';
import type { bonus } from '@northstar/contract';
import { apiQueryKey, isApiError, methodRef, pageApi, refreshBalance } from '@northstar/shell-sdk';

/** The bonuses page's `/api` calls (§7 Bonuses, BettingBonuses, Campaigns); refs only. */
export const BONUS_METHODS = {
  get: methodRef('bonuses', 'get'),
  activate: methodRef('bonuses', 'activate'),
  deactivate: methodRef('bonuses', 'deactivate'),
  remove: methodRef('bonuses', 'remove'),
  bettingGet: methodRef('bettingbonuses', 'get'),
  activateOffer: methodRef('campaigns', 'activateOffer'),
};

export type Bonus = InferOutput<typeof bonus>;
export type BonusAction = 'activate' | 'deactivate' | 'remove';

/**
 * Every casino bonus in one read (the contract's largest page): a player holds a handful, and the
 * status filters then switch without a round trip.
 */
const BONUS_PARAMS = { count: 100 } as const;

export const bonusesQuery = () => ({
  queryKey: apiQueryKey('bonuses', 'get', BONUS_PARAMS),
  queryFn: async () =>
    (await pageApi.send(BONUS_METHODS.get, BONUS_PARAMS)) as { total: number; items: Bonus[] },
});

/**
 * The sportsbook's free bets (`bettingbonuses/get`). The platform does not grant free bets yet
 * and answers MethodNotFound: that is read as "no free bets", which is the truth, so the tab shows
 * its empty state rather than an error. Any other failure stays an error.
 */
export const bettingBonusesQuery = () => ({
  queryKey: apiQueryKey('bettingbonuses', 'get'),
  queryFn: async (): Promise<{ total: number; items: unknown[] }> => {
    try {
      return (await pageApi.send(BONUS_METHODS.bettingGet)) as { total: number; items: unknown[] };
    } catch (error) {
      if (isApiError(error) && error.type === 'MethodNotFound') return { total: 0, items: [] };
      throw error;
    }
  },
});

export async function sendBonusAction(action: BonusAction, bonusId: number): Promise<void> {
  const params = { bonus_id: bonusId };
  if (action === 'activate') await pageApi.send(BONUS_METHODS.activate, params);
  else if (action === 'deactivate') await pageApi.send(BONUS_METHODS.deactivate, params);
  else await pageApi.send(BONUS_METHODS.remove, params);
}

/** After a change: the list and the balances (activation credits, removal takes bonus money). */
export async function afterBonusChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey('bonuses', 'get').slice(0, 3) }),
    refreshBalance(queryClient),
  ]);
}

export async function activatePromoCode(code: string): Promise<void> {
  await pageApi.send(BONUS_METHODS.activateOffer, { promo_code: code });
}
