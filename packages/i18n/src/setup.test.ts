import { describe, expect, it } from 'vitest';
import { activateLocale, applyOverrides, i18n, registerCatalog } from './setup.ts';

describe('catalogs and overrides', () => {
  it('keeps an operator override above catalogs that load later', async () => {
    await registerCatalog('shell', async () => ({ 'header.signIn': 'Sign in' }));
    await activateLocale('en-US');
    applyOverrides('en-US', { 'header.signIn': 'Log in', 'casino.title': 'Lobby' });
    expect(i18n._('header.signIn')).toBe('Log in');
    // A remote's catalog arrives afterwards with the same id: the override still wins.
    await registerCatalog('casino', async () => ({
      'casino.title': 'Game hall',
      'casino.more': 'More',
    }));
    expect(i18n._('casino.title')).toBe('Lobby');
    expect(i18n._('casino.more')).toBe('More');
  });

  it('loads every registered catalog on a locale switch', async () => {
    await registerCatalog('promo', async (locale) => ({
      'promo.title': locale === 'es-ES' ? 'Promociones' : 'Promotions',
    }));
    await activateLocale('es-ES');
    expect(i18n.locale).toBe('es-ES');
    expect(i18n._('promo.title')).toBe('Promociones');
  });
});
