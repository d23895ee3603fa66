import type { InferOutput } from 'valibot';
import type { QueryClient } from '@tanstack/react-query';
import type { bettingBonus, bonus } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi, refreshBalance } from '@northstar/shell-sdk';

/** The bonuses page's `/api` calls (§7 Bonuses, BettingBonuses, Campaigns); refs only. */
export const BONUS_METHODS = {
  get: methodRef('bonuses', 'get'),
  activate: methodRef('bonuses', 'activate'),
  deactivate: methodRef('bonuses', 'deactivate'),
  remove: methodRef('bonuses', 'remove'),
  bettingGet: methodRef('bettingbonuses', 'get'),
  bettingActivate: methodRef('bettingbonuses', 'activate'),
  bettingRemove: methodRef('bettingbonuses', 'remove'),
  activateOffer: methodRef('campaigns', 'activateOffer'),
};

export type Bonus = InferOutput<typeof bonus>;
export type BonusAction = 'activate' | 'deactivate' | 'remove';
export type FreeBet = InferOutput<typeof bettingBonus>;
export type FreeBetAction = 'activate' | 'remove';

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

/** The sportsbook's free bets (`bettingbonuses/get`, issues #26, #29), all in one read. */
export const bettingBonusesQuery = () => ({
  queryKey: apiQueryKey('bettingbonuses', 'get', BONUS_PARAMS),
  queryFn: async () =>
    (await pageApi.send(BONUS_METHODS.bettingGet, BONUS_PARAMS)) as {
      total: number;
      items: FreeBet[];
    },
});

export async function sendFreeBetAction(action: FreeBetAction, bonusId: number): Promise<void> {
  const params = { bonus_id: bonusId };
  if (action === 'activate') await pageApi.send(BONUS_METHODS.bettingActivate, params);
  else await pageApi.send(BONUS_METHODS.bettingRemove, params);
}

export async function sendBonusAction(action: BonusAction, bonusId: number): Promise<void> {
  const params = { bonus_id: bonusId };
  if (action === 'activate') await pageApi.send(BONUS_METHODS.activate, params);
  else if (action === 'deactivate') await pageApi.send(BONUS_METHODS.deactivate, params);
  else await pageApi.send(BONUS_METHODS.remove, params);
}

/** After a change: the lists and the balances (activation credits, removal takes bonus money). */
export async function afterBonusChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey('bonuses', 'get').slice(0, 3) }),
    // A promo code may grant a free bet; activating one credits the betting bonus balance.
    queryClient.invalidateQueries({ queryKey: apiQueryKey('bettingbonuses', 'get').slice(0, 3) }),
    refreshBalance(queryClient),
  ]);
}

export async function activatePromoCode(code: string): Promise<void> {
  await pageApi.send(BONUS_METHODS.activateOffer, { promo_code: code });
}
