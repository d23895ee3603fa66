import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatWhole,
  depositPresets,
  presetAmounts,
  sumBounds,
  wholeUnits,
  withinBounds,
} from './money.ts';

describe('formatMoney (§9)', () => {
  it('puts the symbol before or after the amount with a space, per locale', () => {
    expect(formatMoney({ amount: '12.50', currency: 'USD' }, 'en-US')).toBe('$ 12.50');
    expect(formatMoney({ amount: '1234.5', currency: 'EUR' }, 'es-ES')).toMatch(/^1\.?234,50 €$/);
  });

  it('pads to the currency minor digits', () => {
    expect(formatMoney({ amount: '10', currency: 'EUR' }, 'en-US')).toBe('€ 10.00');
  });

  it('shows zero when there is no amount', () => {
    expect(formatMoney(null, 'en-US')).toBe('0');
    expect(formatMoney(undefined, 'en-US')).toBe('0');
    expect(formatMoney({ amount: '', currency: 'EUR' }, 'en-US')).toBe('0');
  });

  it('formats whole bounds without minor digits', () => {
    expect(formatWhole(5000, 'EUR', 'en-US')).toBe('€ 5,000');
  });
});

describe('wholeUnits', () => {
  it('rounds a minimum up and a maximum down', () => {
    expect(wholeUnits('10.01', 'up')).toBe(11);
    expect(wholeUnits('99.99', 'down')).toBe(99);
    expect(wholeUnits('10', 'up')).toBe(10);
  });
  it('is undefined for what is not an amount', () => {
    expect(wholeUnits('abc', 'up')).toBeUndefined();
    expect(wholeUnits(null, 'up')).toBeUndefined();
  });
});

describe('sumBounds', () => {
  const method = { min: '10', max: '5000' };
  it('takes the method min and max', () => {
    expect(sumBounds(method)).toEqual({ min: 10, max: 5000 });
  });
  it('raises the minimum to the offer minimum deposit', () => {
    expect(sumBounds(method, { offerMin: '20.00' })).toEqual({ min: 20, max: 5000 });
    expect(sumBounds(method, { offerMin: '5' })).toEqual({ min: 10, max: 5000 });
  });
  it('caps the maximum at what is available', () => {
    expect(sumBounds(method, { available: '123.45' })).toEqual({ min: 10, max: 123 });
  });
  it('has no bounds without a method', () => {
    expect(sumBounds(undefined)).toEqual({});
  });
});

describe('presetAmounts (§3)', () => {
  const presets = [
    { currency: 'EUR', amount: [{ value: 50 }, { value: 20 }, { value: 50 }] },
    { currency: 'USD', amount: [{ value: 25 }] },
    { currency: 'EUR', amount: [{ value: 100 }, { value: 0 }] },
  ];
  it('gives the player currency values, smallest first, each once', () => {
    expect(presetAmounts(presets, 'EUR')).toEqual([20, 50, 100]);
    expect(presetAmounts(presets, 'BRL')).toEqual([]);
  });
  it('tells whether a preset is within bounds', () => {
    expect(withinBounds(20, { min: 10, max: 50 })).toBe(true);
    expect(withinBounds(100, { min: 10, max: 50 })).toBe(false);
    expect(withinBounds(5, { min: 10 })).toBe(false);
  });
});

describe('depositPresets (§3): the operator’s presets win over the server’s', () => {
  const server = [
    { currency: 'EUR', amount: [{ value: 20 }, { value: 50 }, { value: 100 }, { value: 250 }] },
    { currency: 'BRL', amount: [{ value: 100 }, { value: 500 }] },
  ];
  const operator = [{ currency: 'EUR', amount: [{ value: 15 }, { value: 75 }, { value: 300 }] }];
  it('takes the operator’s for a currency they name', () => {
    expect(depositPresets(operator, server, 'EUR')).toEqual([15, 75, 300]);
  });
  it('keeps the server’s for a currency the operator did not name, or without any', () => {
    expect(depositPresets(operator, server, 'BRL')).toEqual([100, 500]);
    expect(depositPresets([], server, 'EUR')).toEqual([20, 50, 100, 250]);
  });
});
