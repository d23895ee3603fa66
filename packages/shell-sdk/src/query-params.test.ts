import { describe, expect, it } from 'vitest';
import {
  campaignDialogId,
  campaignPopupParam,
  clearStoredPromoCode,
  hasReturnParam,
  historyTabParam,
  historyTabSearch,
  isRegisterSuccess,
  promoCodeParam,
  PROMO_CODE_STORAGE_KEY,
  removeParams,
  returnPath,
  settingsParams,
  storedPromoCode,
  storePromoCode,
  type KeyValueStorage,
} from './query-params.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('promo_code (§2)', () => {
  it('takes the last value when the parameter is repeated', () => {
    expect(promoCodeParam('?promo_code=FIRST&promo_code=LAST')).toBe('LAST');
    expect(promoCodeParam('?promo_code=ONLY')).toBe('ONLY');
  });

  it('ignores blank and absent values and a blank last one does not erase an earlier code', () => {
    expect(promoCodeParam('')).toBeNull();
    expect(promoCodeParam('?promo_code=')).toBeNull();
    expect(promoCodeParam('?promo_code=KEEP&promo_code=%20')).toBe('KEEP');
    expect(promoCodeParam(`?promo_code=${'x'.repeat(101)}`)).toBeNull();
  });

  it('stores the code under promo_code for registration and reads and clears it', () => {
    const storage = memoryStorage();
    expect(storePromoCode('?a=1&promo_code=A&promo_code=WELCOME', storage)).toBe('WELCOME');
    expect(storage.data.get(PROMO_CODE_STORAGE_KEY)).toBe('WELCOME');
    expect(storedPromoCode(storage)).toBe('WELCOME');
    // A URL without one leaves the stored code alone.
    expect(storePromoCode('?a=1', storage)).toBeNull();
    expect(storedPromoCode(storage)).toBe('WELCOME');
    clearStoredPromoCode(storage);
    expect(storedPromoCode(storage)).toBeNull();
  });

  it('treats a storage that throws as empty', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(storedPromoCode(broken)).toBeNull();
    expect(() => clearStoredPromoCode(broken)).not.toThrow();
  });
});

describe('register=success', () => {
  it('is only the value success', () => {
    expect(isRegisterSuccess('?register=success')).toBe(true);
    expect(isRegisterSuccess('?register=1')).toBe(false);
    expect(isRegisterSuccess('')).toBe(false);
  });

  it('removeParams drops the consumed flags and keeps the rest', () => {
    expect(removeParams('?a=1&register=success&b=2', ['register'])).toBe('?a=1&b=2');
    expect(removeParams('?register=success', ['register'])).toBe('');
  });
});

describe('popup and #popup-preview (§2)', () => {
  it('names the last campaign and reads the preview hash', () => {
    expect(campaignPopupParam('/', '?popup=spring', '')).toEqual({
      sysname: 'spring',
      preview: false,
    });
    expect(campaignPopupParam('/es-ES/promotions', '?popup=a&popup=b', '#popup-preview')).toEqual({
      sysname: 'b',
      preview: true,
    });
    expect(campaignPopupParam('/', '?popup=', '#popup-preview')).toBeNull();
    expect(campaignDialogId('spring')).toBe('campaign:spring');
  });

  it('is never opened on the game page or the cashier deposit pages', () => {
    expect(campaignPopupParam('/game/book-of-stars', '?popup=x', '')).toBeNull();
    expect(campaignPopupParam('/pt-BR/game/book-of-stars', '?popup=x', '')).toBeNull();
    expect(campaignPopupParam('/cashier/deposit', '?popup=x', '')).toBeNull();
    expect(campaignPopupParam('/cashier/deposit/visa', '?popup=x', '')).toBeNull();
    expect(campaignPopupParam('/cashier/withdraw', '?popup=x', '')?.sysname).toBe('x');
    expect(campaignPopupParam('/gamehall', '?popup=x', '')?.sysname).toBe('x');
  });
});

describe('redirectUrl and backUrl', () => {
  it('follows a path of this site, redirectUrl first', () => {
    expect(returnPath(`?redirectUrl=${encodeURIComponent('/cashier?x=1#h')}`, 'en-US')).toBe(
      '/cashier?x=1#h',
    );
    expect(returnPath('?backUrl=/promotions&redirectUrl=/profile', 'en-US')).toBe('/profile');
    expect(returnPath('?backUrl=/promotions', 'en-US')).toBe('/promotions');
    expect(returnPath('?a=1', 'en-US')).toBeNull();
    expect(hasReturnParam('?backUrl=x')).toBe(true);
    expect(hasReturnParam('?a=1')).toBe(false);
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\/\\/evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    'JaVaScRiPt:alert(1)',
    'HTTPS://evil.example',
  ])('sends %s to the index of the locale instead', (vector) => {
    expect(returnPath(`?redirectUrl=${encodeURIComponent(vector)}`, 'en-US')).toBe('/');
    expect(returnPath(`?backUrl=${encodeURIComponent(vector)}`, 'es-ES')).toBe('/es-ES');
  });
});

describe('settings route: from and toastType', () => {
  it('reads fill_for_deposit and a plain from; anything else is none', () => {
    expect(settingsParams('?from=deposit&toastType=fill_for_deposit')).toEqual({
      from: 'deposit',
      toastType: 'fill_for_deposit',
    });
    expect(settingsParams('?toastType=other&from=%3Cscript%3E')).toEqual({
      from: null,
      toastType: null,
    });
  });
});

describe('cashier history tab', () => {
  it('accepts the four tabs and gives the default for anything else', () => {
    expect(historyTabParam('?tab=withdrawal')).toBe('withdrawal');
    expect(historyTabParam('?tab=bonuses')).toBe('bonuses');
    expect(historyTabParam('?tab=cashbacks')).toBe('cashbacks');
    expect(historyTabParam('?tab=deposit')).toBe('deposit');
    expect(historyTabParam('?tab=history')).toBe('deposit');
    expect(historyTabParam('?tab=WITHDRAWAL')).toBe('deposit');
    expect(historyTabParam('')).toBe('deposit');
  });

  it('writes a tab into the query, leaving the default out', () => {
    expect(historyTabSearch('?page=2', 'bonuses')).toBe('?page=2&tab=bonuses');
    expect(historyTabSearch('?tab=bonuses', 'deposit')).toBe('');
  });
});
