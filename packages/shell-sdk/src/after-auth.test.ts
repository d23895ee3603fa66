import { describe, expect, it } from 'vitest';
import { afterAuthTarget } from './after-auth.ts';

const encoded = (value: string) => encodeURIComponent(value);

describe('afterAuthTarget (§2, §4)', () => {
  it('after a registration goes to the cashier deposit page with register=success', () => {
    expect(afterAuthTarget('', { registered: true, locale: 'en-US' })).toBe(
      '/cashier/deposit?register=success',
    );
    expect(afterAuthTarget('?x=1', { registered: true, locale: 'es-ES' })).toBe(
      '/es-ES/cashier/deposit?register=success',
    );
  });

  it('after a registration goes to redirectUrl instead when there is one', () => {
    expect(
      afterAuthTarget(`?redirectUrl=${encoded('/promotions?a=1#top')}`, {
        registered: true,
        locale: 'en-US',
      }),
    ).toBe('/promotions?a=1&register=success#top');
  });

  it('after a sign-in goes to redirectUrl, else backUrl, else the locale home', () => {
    expect(
      afterAuthTarget(`?redirectUrl=${encoded('/profile')}&backUrl=/x`, {
        registered: false,
        locale: 'en-US',
      }),
    ).toBe('/profile');
    expect(afterAuthTarget('?backUrl=/gamehall', { registered: false, locale: 'en-US' })).toBe(
      '/gamehall',
    );
    expect(afterAuthTarget('', { registered: false, locale: 'pt-BR' })).toBe('/pt-BR');
  });

  it('after a sign-in keeps the campaign link the player signed in from (§6)', () => {
    expect(
      afterAuthTarget('?popup=welcome-deposit&show_popup_auth=1', {
        registered: false,
        locale: 'en-US',
      }),
    ).toBe('/?popup=welcome-deposit');
    expect(
      afterAuthTarget(`?popup=a&backUrl=${encoded('/gamehall?popup=b')}`, {
        registered: false,
        locale: 'es-ES',
      }),
    ).toBe('/gamehall?popup=b');
    // A sign-up goes to the deposit page, where no campaign popup opens (§2).
    expect(afterAuthTarget('?popup=a', { registered: true, locale: 'en-US' })).toBe(
      '/cashier/deposit?register=success',
    );
  });

  it.each(['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example'])(
    'never follows %s off the site',
    (vector) => {
      expect(
        afterAuthTarget(`?redirectUrl=${encoded(vector)}`, { registered: true, locale: 'en-US' }),
      ).toBe('/cashier/deposit?register=success');
      expect(
        afterAuthTarget(`?backUrl=${encoded(vector)}`, { registered: false, locale: 'en-US' }),
      ).toBe('/');
    },
  );
});
