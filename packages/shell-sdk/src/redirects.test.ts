import { describe, expect, it } from 'vitest';
import { sameOriginPath, withQuery } from './redirects.ts';

describe('sameOriginPath', () => {
  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/cashier'],
    ['three slashes', '///evil.example'],
    ['absolute https', 'https://evil.example'],
    ['absolute http, upper case', 'HTTP://evil.example/x'],
    ['slash backslash', '/\\evil.example'],
    ['backslash slash backslash slash', '\\/\\/evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later in the path', '/cashier\\..\\..\\evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['mixed-case javascript scheme', 'JaVaScRiPt:alert(1)'],
    ['javascript after a slash-less space', ' javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['percent-encoded slashes, no leading slash', '%2F%2Fevil.example'],
    ['percent-encoded slashes after a slash', '/%2F%2Fevil.example'],
    ['one percent-encoded slash after a slash', '/%2Fevil.example'],
    ['lower-case percent-encoded slash', '/%2fevil.example'],
    ['percent-encoded backslash', '/%5Cevil.example'],
    ['lower-case percent-encoded backslash', '/%5cevil.example'],
    ['double-encoded slash', '/%252Fevil.example'],
    ['tab between slashes', '/\t/evil.example'],
    ['newline between slashes', '/\n/evil.example'],
    ['carriage return between slashes', '/\r/evil.example'],
    ['leading tab', '\t//evil.example'],
    ['percent-encoded tab between slashes', '/%09/evil.example'],
    ['percent-encoded newline between slashes', '/%0A/evil.example'],
    ['a NUL byte', '/cashier\u0000'],
    ['dot segment that leaves an empty first segment', '/.//evil.example'],
    ['parent segment that leaves an empty first segment', '/a/..//evil.example'],
    ['relative path', 'cashier/deposit'],
    ['empty string', ''],
    ['longer than 2000 characters', `/${'a'.repeat(2000)}`],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a list', ['/cashier']],
  ])('refuses %s', (_label, value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it.each([
    ['a path with query and hash, unchanged', '/cashier/deposit?x=1#y', '/cashier/deposit?x=1#y'],
    ['the home page', '/', '/'],
    ['a locale-prefixed page', '/es-ES/gamehall', '/es-ES/gamehall'],
    ['a parent segment, normalised', '/a/../b', '/b'],
    ['a dot segment, normalised', '/a/./b', '/a/b'],
    ['percent-encoded dots, normalised', '/a/%2e%2e/b', '/b'],
    ['parent segments above the root', '/../../b', '/b'],
    ['an encoded slash inside the path', '/games/a%2Fb', '/games/a%2Fb'],
    [
      'an encoded absolute URL in the query',
      '/x?next=https%3A%2F%2Fevil.example',
      '/x?next=https%3A%2F%2Fevil.example',
    ],
    ['a space, percent-encoded', '/game/book of ra', '/game/book%20of%20ra'],
    ['a literal percent sign', '/promo/100%25', '/promo/100%25'],
  ])('accepts %s', (_label, value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });

  it('accepts exactly 2000 characters', () => {
    const path = `/${'a'.repeat(1999)}`;
    expect(sameOriginPath(path)).toBe(path);
  });
});

describe('withQuery', () => {
  it.each([
    ['/cashier/deposit', { register: 'success' }, '/cashier/deposit?register=success'],
    ['/cashier/deposit?x=1#y', { x: '2', y: 'a b' }, '/cashier/deposit?x=2&y=a+b#y'],
    ['/', { redirectUrl: '/profile?a=1' }, '/?redirectUrl=%2Fprofile%3Fa%3D1'],
  ])('%s + %j → %s', (path, params, expected) => {
    expect(withQuery(path, params)).toBe(expected);
  });
});
