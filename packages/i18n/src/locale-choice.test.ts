import { describe, expect, it } from 'vitest';
import { chooseLocale } from './locale-choice.ts';

const available = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'];
const base = { available, defaultLocale: 'en-US' };

describe('chooseLocale (§4)', () => {
  it('takes the URL locale first, then the cookie, then the browser, then the default', () => {
    const all = {
      ...base,
      urlLocale: 'pt-BR',
      cookieLocale: 'ru-RU',
      browserLocale: 'es-ES',
    };
    expect(chooseLocale(all)).toBe('pt-BR');
    expect(chooseLocale({ ...all, urlLocale: null })).toBe('ru-RU');
    expect(chooseLocale({ ...all, urlLocale: null, cookieLocale: null })).toBe('es-ES');
    expect(chooseLocale({ ...all, urlLocale: null, cookieLocale: null, browserLocale: null })).toBe(
      'en-US',
    );
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

  it('takes the browser match only when the site offers it', () => {
    expect(chooseLocale({ ...base, browserLocale: 'de-DE' })).toBe('en-US');
    expect(chooseLocale({ ...base, browserLocale: 'PT-br' })).toBe('pt-BR');
  });
});
