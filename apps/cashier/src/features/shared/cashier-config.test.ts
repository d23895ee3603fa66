import { describe, expect, it } from 'vitest';
import {
  CASHIER_CONFIG_DEFAULTS,
  readCashierConfig,
  registrationHintVisible,
  REGISTRATION_HINT_MS,
} from './cashier-config.ts';

describe('readCashierConfig', () => {
  it('takes the values it knows and keeps the defaults for anything else', () => {
    expect(readCashierConfig(undefined)).toEqual(CASHIER_CONFIG_DEFAULTS);
    expect(
      readCashierConfig({
        depositViewType: 'grid',
        detailDisplayPlace: 'page',
        registrationHint: true,
        showReceiptBlock: false,
        paymentMethodUrlDisplayMode: 'sameWindow',
      }),
    ).toEqual({
      depositAmounts: [],
      depositViewType: 'grid',
      detailDisplayPlace: 'page',
      registrationHint: true,
      showReceiptBlock: false,
      paymentMethodUrlDisplayMode: 'sameWindow',
    });
    expect(
      readCashierConfig({
        depositViewType: 'carousel',
        registrationHint: 'yes',
        paymentMethodUrlDisplayMode: 'iframe',
      }),
    ).toEqual(CASHIER_CONFIG_DEFAULTS);
  });
});

describe('readCashierConfig depositAmounts (§3)', () => {
  it('keeps the operator’s presets and drops entries it cannot read', () => {
    expect(
      readCashierConfig({
        depositAmounts: [
          { currency: 'EUR', amount: [{ value: 15 }, { value: 'x' }, 'y', { value: 75 }] },
          { currency: 7, amount: [{ value: 1 }] },
          { currency: 'USD' },
          'BRL',
        ],
      }).depositAmounts,
    ).toEqual([{ currency: 'EUR', amount: [{ value: 15 }, { value: 75 }] }]);
    expect(readCashierConfig({ depositAmounts: 'many' }).depositAmounts).toEqual([]);
  });
});

describe('registrationHintVisible', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const base = {
    enabled: true,
    regTime: '2026-11-25T10:00:00Z',
    firstDeposit: true,
    hidden: false,
    now,
  };
  it('shows for a new player without a deposit, within the delay', () => {
    expect(registrationHintVisible(base)).toBe(true);
  });
  it('hides when the delay passed, after a deposit, when hidden, when off or without a time', () => {
    expect(
      registrationHintVisible({
        ...base,
        now: Date.parse(base.regTime) + REGISTRATION_HINT_MS,
      }),
    ).toBe(false);
    expect(registrationHintVisible({ ...base, firstDeposit: false })).toBe(false);
    expect(registrationHintVisible({ ...base, hidden: true })).toBe(false);
    expect(registrationHintVisible({ ...base, enabled: false })).toBe(false);
    expect(registrationHintVisible({ ...base, regTime: undefined })).toBe(false);
    expect(registrationHintVisible({ ...base, regTime: 'not a date' })).toBe(false);
  });
});
