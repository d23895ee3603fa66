import { describe, expect, it } from 'vitest';
import { bestLanguageMatch, chooseLocale, parseAcceptLanguage } from './locale-choice.ts';

const available = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'];
const base = { available, defaultLocale: 'en-US' };

describe('chooseLocale (§4)', () => {
  it('takes the URL locale first, then the cookie, then the browser, then the default', () => {
    const all = {
      ...base,
      urlLocale: 'pt-BR',
      cookieLocale: 'ru-RU',
      browserLanguages: 'es',
    };
    expect(chooseLocale(all)).toBe('pt-BR');
    expect(chooseLocale({ ...all, urlLocale: null })).toBe('ru-RU');
    expect(chooseLocale({ ...all, urlLocale: null, cookieLocale: null })).toBe('es-ES');
    expect(
      chooseLocale({ ...all, urlLocale: null, cookieLocale: null, browserLanguages: 'fr' }),
    ).toBe('en-US');
  });

  it('with the platform strategy, the signed-in account locale wins over URL and cookie', () => {
    const input = {
      ...base,
      strategy: 'platform',
      accountLocale: 'ru-RU',
      urlLocale: 'es-ES',
      cookieLocale: 'pt-BR',
    };
    expect(chooseLocale(input)).toBe('ru-RU');
    // A visitor under the platform strategy follows the other rule: URL, then cookie, …
    expect(chooseLocale({ ...input, accountLocale: null })).toBe('es-ES');
    expect(chooseLocale({ ...input, accountLocale: null, urlLocale: null })).toBe('pt-BR');
    // The account locale is ignored without the platform strategy.
    expect(chooseLocale({ ...input, strategy: 'url' })).toBe('es-ES');
  });

  it('under the platform strategy a signed-in player without a usable account locale gets the URL, then the default', () => {
    const input = { ...base, strategy: 'platform', accountLocale: 'de-DE' };
    expect(chooseLocale({ ...input, urlLocale: 'es-ES', cookieLocale: 'ru-RU' })).toBe('es-ES');
    expect(chooseLocale({ ...input, cookieLocale: 'ru-RU' })).toBe('en-US');
  });

  it('never chooses a locale the site does not offer', () => {
    expect(chooseLocale({ ...base, urlLocale: 'de-DE', cookieLocale: 'xx-XX' })).toBe('en-US');
    expect(chooseLocale({ ...base, cookieLocale: 'ES-es' })).toBe('es-ES');
  });

  it('falls back to en-US, else the first offered locale, else fails with null', () => {
    expect(chooseLocale({ available, defaultLocale: null })).toBe('en-US');
    expect(chooseLocale({ available, defaultLocale: 'de-DE' })).toBe('en-US');
    expect(chooseLocale({ available: ['ru-RU', 'es-ES'] })).toBe('ru-RU');
    expect(chooseLocale({ available: [], defaultLocale: 'en-US', urlLocale: 'en-US' })).toBeNull();
  });
});

describe('browser languages', () => {
  it('orders Accept-Language by q-value and drops q=0, * and junk', () => {
    expect(parseAcceptLanguage('fr;q=0.5, es-MX , en;q=0.8,*;q=0.1,de;q=0')).toEqual([
      'es-MX',
      'en',
      'fr',
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage('<script>,en')).toEqual(['en']);
  });

  it('matches exactly first, then by language, in the browser order', () => {
    expect(bestLanguageMatch('es-MX,pt;q=0.9', available)).toBe('es-ES');
    expect(bestLanguageMatch(['pt-PT', 'es-ES'], available)).toBe('pt-BR');
    expect(bestLanguageMatch(['ru-RU'], available)).toBe('ru-RU');
    expect(bestLanguageMatch('fr,de', available)).toBeNull();
    expect(bestLanguageMatch(null, available)).toBeNull();
  });
});
