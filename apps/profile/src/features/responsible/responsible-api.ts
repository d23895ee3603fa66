import type { api, ResponseOf } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The responsible-gaming page's `/api` calls (issue #25), typed by the contract; only refs are
 * bundled. Every rule (cooling-off, password, periods) is the server's: the page shows its answer.
 */
export const RESPONSIBLE_METHODS = {
  getDepositLimit: methodRef('account', 'getDepositLimit'),
  setDepositLimit: methodRef('account', 'setDepositLimit'),
  getPlayLimits: methodRef('account', 'getPlayLimits'),
  setLossLimit: methodRef('account', 'setLossLimit'),
  setSessionLimit: methodRef('account', 'setSessionLimit'),
  setRealityCheck: methodRef('account', 'setRealityCheck'),
  keepLimits: methodRef('account', 'keepLimits'),
  getSelfExclusion: methodRef('account', 'getSelfExclusion'),
  setSelfExclusion: methodRef('account', 'setSelfExclusion'),
  setTimeOut: methodRef('account', 'setTimeOut'),
};

export type DepositLimit = ResponseOf<typeof api.account.getDepositLimit>;
export type LimitEntry = DepositLimit['limits'][number];
export type PlayLimits = ResponseOf<typeof api.account.getPlayLimits>;
export type Exclusion = ResponseOf<typeof api.account.getSelfExclusion>;

export const responsibleApi = pageApi;

export const depositLimitQuery = () => ({
  queryKey: apiQueryKey('account', 'getDepositLimit'),
  queryFn: () => responsibleApi.send(RESPONSIBLE_METHODS.getDepositLimit),
});

export const playLimitsQuery = () => ({
  queryKey: apiQueryKey('account', 'getPlayLimits'),
  queryFn: () => responsibleApi.send(RESPONSIBLE_METHODS.getPlayLimits),
});
