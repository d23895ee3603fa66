import { describe, expect, it } from 'vitest';
import { parentOrigin, registrationRedirect } from './embedded-messaging.ts';

const base = {
  framed: true,
  ownOrigin: 'https://casino.example',
  embedOrigins: ['https://partner.example/'],
};

describe('parentOrigin', () => {
  it('answers this site or a configured embedding site, from the referrer', () => {
    expect(parentOrigin({ ...base, referrer: 'https://partner.example/landing?x=1' })).toBe(
      'https://partner.example',
    );
    expect(parentOrigin({ ...base, referrer: 'https://casino.example/promotions' })).toBe(
      'https://casino.example',
    );
    // No referrer (a referrer policy): only this site's own origin is assumed.
    expect(parentOrigin({ ...base, referrer: '' })).toBe('https://casino.example');
  });

  it('never posts to a foreign framing page or when not framed', () => {
    expect(parentOrigin({ ...base, referrer: 'https://evil.example/' })).toBeNull();
    expect(
      parentOrigin({ ...base, framed: false, referrer: 'https://partner.example/' }),
    ).toBeNull();
    expect(parentOrigin({ ...base, referrer: 'not a url' })).toBeNull();
  });
});

describe('registrationRedirect', () => {
  it('opens the registration popup on the main site with the way back', () => {
    expect(registrationRedirect('/es-ES', '/promotions?x=1')).toBe(
      '/es-ES?show_popup_reg=1&backUrl=%2Fpromotions%3Fx%3D1',
    );
    expect(registrationRedirect('/', null)).toBe('/?show_popup_reg=1');
  });
});
