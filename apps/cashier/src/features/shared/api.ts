import type { MethodRef } from '@northstar/api-client/transport';
import type { InferOutput } from 'valibot';
import type { historyItem, ParamsOf, ResponseOf } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The cashier's `/api` calls go through the page's one transport (shell-sdk's `pageApi`: same
 * origin, the page's locale, `_non_strict` in a frame, §7). Methods are typed by the contract;
 * only refs (module, name, verb) are bundled, never the contract's schemas. The server checks
 * every call.
 */
export const cashierApi = pageApi;

const ref = methodRef;

export const CASHIER_METHODS = {
  getdepositsettings: ref('cashier', 'getdepositsettings'),
  makedeposit: ref('cashier', 'makedeposit'),
  getdepositinfo: ref('cashier', 'getdepositinfo'),
  getwithdrawsettings: ref('cashier', 'getwithdrawsettings'),
  getbanks: ref('cashier', 'getbanks'),
  makewithdrawal: ref('cashier', 'makewithdrawal'),
  cancelwithdrawal: ref('cashier', 'cancelwithdrawal'),
  getwithdrawal: ref('cashier', 'getwithdrawal'),
  gethistory: ref('cashier', 'gethistory'),
  getnetdeposits: ref('cashier', 'getnetdeposits'),
  getDepositLimit: ref('account', 'getDepositLimit'),
  setDepositLimit: ref('account', 'setDepositLimit'),
};

type CashierMethods = typeof CASHIER_METHODS;
type DefinitionOf<K extends keyof CashierMethods> =
  CashierMethods[K] extends MethodRef<infer M> ? M : never;

/** The answer of one cashier method, as the contract types it. */
export type CashierResponse<K extends keyof CashierMethods> = ResponseOf<DefinitionOf<K>>;
export type CashierParams<K extends keyof CashierMethods> = ParamsOf<DefinitionOf<K>>;

export type DepositSettings = CashierResponse<'getdepositsettings'>;
export type PaymentMethod = DepositSettings['methods'][number];
export type DepositOffer = DepositSettings['offers'][number];
export type DepositLimit = DepositSettings['limit'];
export type DepositLimitEntry = DepositLimit['limits'][number];
export type DepositInfo = CashierResponse<'getdepositinfo'>;
export type WithdrawSettings = CashierResponse<'getwithdrawsettings'>;
export type Withdrawal = CashierResponse<'getwithdrawal'>;
export type WithdrawalStage = Withdrawal['stage'];
/**
 * The contract's `list()` helper types its items as `unknown` (it takes any schema), so a list's
 * item type is read from its item schema here.
 */
export type HistoryItem = InferOutput<typeof historyItem>;
export interface HistoryPage {
  items: HistoryItem[];
  total: number;
}
export type HistoryType = HistoryItem['type'];
/** An item of cashier/getbanks (its schema is inline in the contract). */
export interface Bank {
  id: string;
  name: string;
  country: string;
}

/** The react-query key of a cashier method's answer (the shell's `apiQueryKey` scheme). */
export function cashierKey<K extends keyof CashierMethods>(
  method: K,
  params: Record<string, unknown> = {},
): readonly unknown[] {
  const definition = CASHIER_METHODS[method];
  return apiQueryKey(definition.module, definition.method, params);
}

/** Every key of one method (any params), for invalidation. */
export function cashierKeyPrefix(method: keyof CashierMethods): readonly unknown[] {
  return cashierKey(method).slice(0, 3);
}
