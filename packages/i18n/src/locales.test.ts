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

  // The platform answers 301 with this as Location: it must never name another host.
  it.each([
    ['/en-US//evil.example', '/evil.example'],
    ['/en-US/\\evil.example', '/evil.example'],
    ['/en-US/%2F%2Fevil.example', '/evil.example'],
    ['/en-US/%2f%5Cevil.example', '/evil.example'],
    ['/en-US/%5C%5Cevil.example', '/evil.example'],
    ['/en-US///x?y=1#z', '/x?y=1#z'],
    ['/en-US/\t/evil.example', '/evil.example'],
    ['/en-US/%09/evil.example', '/evil.example'],
    ['/en-US//', '/'],
    ['/en-US//?next=//evil.example', '/?next=//evil.example'],
  ])('collapses leading slashes and backslashes: %j → %j', (url, expected) => {
    const location = defaultLocaleRedirect(url);
    expect(location).toBe(expected);
    // Resolved as a browser resolves a Location header, it stays on the site.
    expect(new URL(location!, 'https://site.example').origin).toBe('https://site.example');
  });

  it('keeps slashes inside the path as they are', () => {
    expect(defaultLocaleRedirect('/en-US/a//b%2Fc')).toBe('/a//b%2Fc');
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
