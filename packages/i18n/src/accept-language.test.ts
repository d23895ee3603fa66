import { describe, expect, it } from 'vitest';
import { bestLanguageMatch, parseAcceptLanguage } from './accept-language.ts';

const available = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'];

describe('browser languages (§4)', () => {
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
    expect(bestLanguageMatch('en-GB,es;q=0.5', available)).toBe('en-US');
    expect(bestLanguageMatch('fr,de', available)).toBeNull();
    expect(bestLanguageMatch(null, available)).toBeNull();
    expect(bestLanguageMatch('es', [])).toBeNull();
  });

  it('answers in the site’s spelling of the code and ignores tags that are not language tags', () => {
    expect(bestLanguageMatch('ES-es', ['en-US', 'es-es'])).toBe('es-es');
    // `a` passes the header's shape check but is no BCP 47 tag: skipped, not a crash.
    expect(bestLanguageMatch('a,ru', available)).toBe('ru-RU');
  });

  it('reads CLDR language distances a split on "-" cannot (the matcher’s best fit)', () => {
    // Norwegian Bokmål is Norwegian.
    expect(bestLanguageMatch('nb', ['en-US', 'no-NO'])).toBe('no-NO');
    // Hong Kong reads traditional Chinese (Taiwan), not simplified (China), though zh-CN is first.
    expect(bestLanguageMatch('zh-HK', ['zh-CN', 'zh-TW'])).toBe('zh-TW');
    // Latin American Spanish is closer to Mexico's than to Spain's.
    expect(bestLanguageMatch('es-419', ['es-ES', 'es-MX'])).toBe('es-MX');
    // Swiss German reads German.
    expect(bestLanguageMatch('gsw', ['en-US', 'de-DE'])).toBe('de-DE');
  });
});
