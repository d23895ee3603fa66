import { describe, expect, it } from 'vitest';
import { receiptTarget } from './receipt-model.ts';

describe('receipt target', () => {
  it('shows a deposit receipt for ?id= and a withdrawal tracker for ?withdrawal=', () => {
    expect(receiptTarget('?id=12')).toEqual({ kind: 'deposit', id: 12 });
    expect(receiptTarget('?withdrawal=7')).toEqual({ kind: 'withdrawal', id: 7 });
    expect(receiptTarget('?id=abc')).toEqual({ kind: 'none' });
    expect(receiptTarget('')).toEqual({ kind: 'none' });
  });
});
