import { describe, expect, it } from 'vitest';
import type { DepositInfo } from '../shared/api.ts';
import { DEPOSIT_POLL_MS, depositPollInterval, payView, transactionId } from './deposit-status.ts';

const info = (status: DepositInfo['status']): DepositInfo => ({
  id: 5,
  requisites: null,
  method: 'card',
  type: 'deposit',
  created_at: '2025-01-01T10:00:00Z',
  updated_at: '2025-01-01T10:00:00Z',
  amount: { amount: '20.00', currency: 'EUR' },
  status,
  reason_code: status === 'failed' ? 'card_declined' : null,
  domain: 'example.test',
});

describe('pay result state', () => {
  it('reads the transaction of the path', () => {
    expect(transactionId('42')).toBe(42);
    expect(transactionId('042')).toBeNull();
    expect(transactionId('abc')).toBeNull();
    expect(transactionId(undefined)).toBeNull();
  });

  it('shows the real status whatever path was opened', () => {
    expect(payView(info('success'), false)).toBe('success');
    expect(payView(info('failed'), false)).toBe('failed');
    expect(payView(info('pending'), false)).toBe('pending');
    expect(payView(undefined, false)).toBe('checking');
    expect(payView(undefined, true)).toBe('unknown');
  });

  it('polls every 2 s while pending and stops once settled', () => {
    expect(depositPollInterval(info('pending'))).toBe(DEPOSIT_POLL_MS);
    expect(DEPOSIT_POLL_MS).toBe(2000);
    expect(depositPollInterval(info('success'))).toBe(false);
    expect(depositPollInterval(info('failed'))).toBe(false);
    expect(depositPollInterval(info('cancelled'))).toBe(false);
  });
});
