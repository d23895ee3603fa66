import { describe, expect, it } from 'vitest';
import {
  activateLocale,
  applyOverrides,
  hasMessage,
  i18n,
  registerCatalog,
  type Messages,
} from './setup.ts';

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

  it('the newest request wins: a switch whose catalogs arrive after a switch back does not take over', async () => {
    await activateLocale('en-US');
    let arrive: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (arrive = resolve));
    await registerCatalog('slow', async (locale) => {
      if (locale === 'pt-BR') await slow;
      return { 'slow.title': locale === 'pt-BR' ? 'Lento' : 'Slow' };
    });
    // To Portuguese (its catalog still on the way), then straight back to English.
    const toPortuguese = activateLocale('pt-BR');
    await activateLocale('en-US');
    expect(i18n.locale).toBe('en-US');
    arrive();
    await toPortuguese;
    expect(i18n.locale).toBe('en-US');
    expect(i18n._('slow.title')).toBe('Slow');
  });
});

describe('hasMessage', () => {
  it('is true for a loaded text and false for an id no catalog names', async () => {
    await registerCatalog('system', async (locale): Promise<Messages> =>
      locale === 'pt-BR'
        ? { 'system.button': 'Voltar' }
        : { 'system.button': 'Back', 'system.title': ['Hi ', ['name']] },
    );
    await activateLocale('en-US');
    expect(hasMessage('system.button')).toBe(true);
    // A placeholder alone is a text too.
    expect(hasMessage('system.title')).toBe(true);
    expect(hasMessage('system.nowhere')).toBe(false);
    // Prototype keys are not messages.
    expect(hasMessage('constructor')).toBe(false);
  });

  it('is false once an operator blanks the text, and true again when it comes back', async () => {
    await registerCatalog('blank', async () => ({ 'blank.button': 'Go' }));
    await activateLocale('en-US');
    applyOverrides('en-US', { 'blank.button': [] });
    expect(hasMessage('blank.button')).toBe(false);
    applyOverrides('en-US', { 'blank.button': '   ' });
    expect(hasMessage('blank.button')).toBe(false);
    applyOverrides('en-US', { 'blank.button': ['  ', ''] });
    expect(hasMessage('blank.button')).toBe(false);
    applyOverrides('en-US', { 'blank.button': ['Go on'] });
    expect(hasMessage('blank.button')).toBe(true);
  });

  it('keeps a blank override above a catalog that loads later', async () => {
    applyOverrides('en-US', { 'late.button': [] });
    await registerCatalog('late', async () => ({ 'late.button': 'Late' }));
    expect(hasMessage('late.button')).toBe(false);
  });

  it('answers for another locale than the active one', async () => {
    await registerCatalog('other', async (locale): Promise<Messages> =>
      locale === 'ru-RU' ? { 'other.button': 'Назад' } : {},
    );
    await activateLocale('ru-RU');
    await activateLocale('en-US');
    expect(hasMessage('other.button')).toBe(false);
    expect(hasMessage('other.button', 'ru-RU')).toBe(true);
    expect(hasMessage('other.button', 'es-ES')).toBe(false);
  });
});
