import { describe, expect, it } from 'vitest';
import {
  defaultLocaleRedirect,
  isLocale,
  localizePath,
  seoUrlOf,
  splitLocalePath,
} from './locales.ts';

describe('locale paths', () => {
  it('splits a non-default locale prefix off the path', () => {
    expect(splitLocalePath('/es-ES/gamehall/slots')).toEqual({
      locale: 'es-ES',
      prefixed: true,
      path: '/gamehall/slots',
    });
    expect(splitLocalePath('/pt-BR')).toEqual({ locale: 'pt-BR', prefixed: true, path: '/' });
  });

  it('treats a lone first segment that is not a locale as part of the path (slug page)', () => {
    expect(splitLocalePath('/about-us')).toEqual({
      locale: 'en-US',
      prefixed: false,
      path: '/about-us',
    });
    expect(splitLocalePath('/es-MX/x').prefixed).toBe(false);
  });

  it('never prefixes the default locale', () => {
    expect(localizePath('/gamehall', 'en-US')).toBe('/gamehall');
    expect(localizePath('/', 'ru-RU')).toBe('/ru-RU');
    expect(localizePath('/cashier/deposit', 'ru-RU')).toBe('/ru-RU/cashier/deposit');
  });

  it('redirects the default-locale prefix to the bare path, keeping query and hash', () => {
    expect(defaultLocaleRedirect('/en-US/gamehall?x=1#real')).toBe('/gamehall?x=1#real');
    expect(defaultLocaleRedirect('/en-US')).toBe('/');
    expect(defaultLocaleRedirect('/es-ES/gamehall')).toBeNull();
    expect(defaultLocaleRedirect('/gamehall')).toBeNull();
  });

  it('knows exactly the four locales', () => {
    expect(['en-US', 'es-ES', 'pt-BR', 'ru-RU'].every((l) => isLocale(l))).toBe(true);
    expect(isLocale('en')).toBe(false);
  });
});

describe('seoUrlOf', () => {
  it('drops the locale prefix and a trailing slash, and decodes the path', () => {
    expect(seoUrlOf('/es-ES/gamehall/')).toBe('/gamehall');
    expect(seoUrlOf('/es-ES')).toBe('/');
    expect(seoUrlOf('/')).toBe('/');
    expect(seoUrlOf('/game/caf%C3%A9')).toBe('/game/café');
    expect(seoUrlOf('/bad%E0')).toBe('/bad%E0');
  });
});
