import { describe, expect, it } from 'vitest';
import {
  backUrlOf,
  followsPayReturn,
  keepPayReturn,
  PAY_RETURN_KEY,
  PAY_RETURN_MAX_AGE_MS,
  PAYMENT_WINDOW_NAME,
  peekPayReturn,
  takePayReturn,
} from './pay-return.ts';

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the pay-success return (§2 backUrl, §3 storage key)', () => {
  it('reads a same-origin backUrl only', () => {
    expect(backUrlOf('?backUrl=%2Fgame%2Fnorthstar-dice')).toBe('/game/northstar-dice');
    for (const vector of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      expect(backUrlOf(`?backUrl=${encodeURIComponent(vector)}`)).toBeNull();
    }
    expect(backUrlOf('')).toBeNull();
  });

  it('is kept at a deposit, taken once, and forgotten by a deposit without one', () => {
    const storage = memory();
    keepPayReturn(storage, '/es-ES/game/northstar-dice', 1000);
    expect(peekPayReturn(storage, 2000)).toBe('/es-ES/game/northstar-dice');
    expect(takePayReturn(storage, 2000)).toBe('/es-ES/game/northstar-dice');
    expect(takePayReturn(storage, 2000)).toBeNull();
    keepPayReturn(storage, '/game/x', 1000);
    keepPayReturn(storage, null, 1500);
    expect(storage.items.has(PAY_RETURN_KEY)).toBe(false);
  });

  it('never keeps or gives another origin, a broken value or a stale one', () => {
    const storage = memory();
    keepPayReturn(storage, 'https://evil.example', 0);
    expect(storage.items.size).toBe(0);
    storage.setItem(PAY_RETURN_KEY, JSON.stringify({ path: '//evil.example', at: 0 }));
    expect(peekPayReturn(storage, 1)).toBeNull();
    storage.setItem(PAY_RETURN_KEY, '{not json');
    expect(peekPayReturn(storage, 1)).toBeNull();
    keepPayReturn(storage, '/game/x', 0);
    expect(peekPayReturn(storage, PAY_RETURN_MAX_AGE_MS + 1)).toBeNull();
  });
});

describe('which window follows the kept return', () => {
  it('not the payment window while the tab that opened it is open: that tab goes back', () => {
    expect(followsPayReturn({ name: PAYMENT_WINDOW_NAME, opener: { closed: false } })).toBe(false);
  });

  it('the payment window once its opener was closed, and any other page', () => {
    expect(followsPayReturn({ name: PAYMENT_WINDOW_NAME, opener: { closed: true } })).toBe(true);
    expect(followsPayReturn({ name: PAYMENT_WINDOW_NAME, opener: null })).toBe(true);
    expect(followsPayReturn({ name: '', opener: { closed: false } })).toBe(true);
  });
});
