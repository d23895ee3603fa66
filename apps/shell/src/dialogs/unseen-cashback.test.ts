import { describe, expect, it } from 'vitest';
import { unseenCashback } from './unseen-cashback.ts';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const LATER = '2026-11-30T10:00:00Z';

describe('the unseen-cashback popup’s choice (§4 after sign-in)', () => {
  it('shows the newest active cashback, once', () => {
    const items = [
      { id: 7, status: 'paid_out', receiving_expired_at: LATER },
      { id: 5, status: 'active', receiving_expired_at: LATER },
      { id: 6, status: 'active', receiving_expired_at: LATER },
    ];
    expect(unseenCashback(items, 0, NOW)?.id).toBe(6);
    expect(unseenCashback(items, 6, NOW)).toBeNull();
  });
  it('shows none that has expired or is not active', () => {
    expect(
      unseenCashback(
        [{ id: 9, status: 'active', receiving_expired_at: '2026-11-27T09:00:00Z' }],
        0,
        NOW,
      ),
    ).toBeNull();
    expect(
      unseenCashback([{ id: 9, status: 'expired', receiving_expired_at: LATER }], 0, NOW),
    ).toBeNull();
  });
});
