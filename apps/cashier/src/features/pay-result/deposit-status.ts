import type { DepositInfo } from '../shared/api.ts';

/** §2 pay pending: the deposit is asked again every 2 s while the provider has not settled it. */
export const DEPOSIT_POLL_MS = 2000;

/** What the result page shows: the transaction's real state, whichever result path was opened. */
export type PayView =
  'checking' | 'pending' | 'success' | 'failed' | 'cancelled' | 'expired' | 'unknown';

/** The transaction id of a `/cashier/pay…/{transaction}` path, or null when it is not one. */
export function transactionId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

export function payView(info: DepositInfo | undefined, failed: boolean): PayView {
  if (info) return info.status;
  return failed ? 'unknown' : 'checking';
}

/** Poll while the deposit is pending (or not read yet); stop once it is final. */
export function depositPollInterval(info: DepositInfo | undefined): number | false {
  return !info || info.status === 'pending' ? DEPOSIT_POLL_MS : false;
}
