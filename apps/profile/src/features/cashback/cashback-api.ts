import type { MethodRef } from '@northstar/api-client/transport';
import type { ResponseOf } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/** The cashback page's and popup's `/api` calls (§7 Cashbacks; issue #26). */
export const CASHBACK_METHODS = {
  get: methodRef('cashbacks', 'get'),
  getcurrent: methodRef('cashbacks', 'getcurrent'),
  payout: methodRef('cashbacks', 'payout'),
};

type DefinitionOf<K extends keyof typeof CASHBACK_METHODS> =
  (typeof CASHBACK_METHODS)[K] extends MethodRef<infer M> ? M : never;
export type CashbackList = ResponseOf<DefinitionOf<'get'>>;
export type Cashback = CashbackList['items'][number];
export type CashbackCurrent = ResponseOf<DefinitionOf<'getcurrent'>>;
/** Where a payout went: real money, bonus money wagering now, or a bonus waiting its turn. */
export type PayoutOutcome = ResponseOf<DefinitionOf<'payout'>>;

export const cashbackApi = pageApi;

/** Every cashback query starts with this key: a payout refreshes them all. */
export const CASHBACK_KEY = apiQueryKey('cashbacks', 'get', {});
export const cashbackKey = (params: Record<string, unknown>) =>
  apiQueryKey('cashbacks', 'get', params);
export const CURRENT_KEY = apiQueryKey('cashbacks', 'getcurrent', {});
