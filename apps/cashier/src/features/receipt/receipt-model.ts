import { transactionId } from '../pay-result/deposit-status.ts';

export type ReceiptTarget =
  { kind: 'deposit'; id: number } | { kind: 'withdrawal'; id: number } | { kind: 'none' };

/** What `/cashier/receipt` shows: `?id=` a deposit's receipt, `?withdrawal=` its tracker. */
export function receiptTarget(search: string): ReceiptTarget {
  const query = new URLSearchParams(search);
  const withdrawal = transactionId(query.get('withdrawal') ?? undefined);
  if (withdrawal !== null) return { kind: 'withdrawal', id: withdrawal };
  const deposit = transactionId(query.get('id') ?? undefined);
  if (deposit !== null) return { kind: 'deposit', id: deposit };
  return { kind: 'none' };
}
