/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import {
  activateLocale,
  createI18n,
  currentI18n,
  hasMessage,
  i18n,
  registerCatalog,
  scopeI18n,
  type I18n,
  type Messages,
} from './setup.ts';

const TEXTS: Record<string, Messages> = {
  'en-US': { 'shell.hello': 'Hello' },
  'es-ES': { 'shell.hello': 'Hola' },
  'ru-RU': { 'shell.hello': 'Привет' },
};

/** What the shell's server build does (apps/shell/src/server/request-context.ts). */
const renders = new AsyncLocalStorage<I18n>();
scopeI18n(() => renders.getStore());

describe('one I18n per server render', () => {
  it("renders in different locales side by side, none switching another's (or the page's) locale", async () => {
    await registerCatalog('shell', async (locale) => TEXTS[locale] ?? {});
    await activateLocale('en-US');
    const seen: string[] = [];
    // Two renders interleaved on purpose: each waits while the other runs.
    const render = (locale: 'es-ES' | 'ru-RU', pause: number) =>
      createI18n(locale).then((own) =>
        renders.run(own, async () => {
          await new Promise((resolve) => setTimeout(resolve, pause));
          seen.push(`${locale}:${currentI18n()._('shell.hello')}`);
          await new Promise((resolve) => setTimeout(resolve, 20 - pause));
          seen.push(`${locale}:${currentI18n()._('shell.hello')}`);
          return currentI18n().locale;
        }),
      );
    expect(await Promise.all([render('es-ES', 5), render('ru-RU', 10)])).toEqual([
      'es-ES',
      'ru-RU',
    ]);
    expect(seen.sort()).toEqual(['es-ES:Hola', 'es-ES:Hola', 'ru-RU:Привет', 'ru-RU:Привет']);
    // The process's own instance was never switched.
    expect(i18n.locale).toBe('en-US');
    expect(currentI18n()).toBe(i18n);
  });

  it("gives a remote's catalog registered during a render to that render, and hasMessage reads it", async () => {
    const own = await createI18n('es-ES');
    await renders.run(own, async () => {
      expect(hasMessage('promo.title')).toBe(false);
      await registerCatalog('promo-render', async (locale): Promise<Messages> =>
        locale === 'es-ES' ? { 'promo.title': 'Promociones' } : { 'promo.title': 'Promotions' },
      );
      expect(currentI18n()._('promo.title')).toBe('Promociones');
      expect(hasMessage('promo.title')).toBe(true);
    });
    // The page's instance (en-US) was not made Spanish.
    expect(i18n.locale).toBe('en-US');
    // A later render in the same locale starts with it.
    expect((await createI18n('es-ES'))._('promo.title')).toBe('Promociones');
  });

  it('gives a catalog registered in one render to the renders running beside it, in any locale', async () => {
    // Two first requests at once: both wait for the same remote module, whose catalog registers
    // once, inside the render that reached it first. The other render drew message ids.
    const first = await createI18n('en-US');
    const besideSame = await createI18n('en-US');
    const besideOther = await createI18n('ru-RU');
    await renders.run(first, () =>
      registerCatalog('casino-beside', async (locale): Promise<Messages> => ({
        'casino.seeAll': locale === 'ru-RU' ? 'Смотреть все' : 'See all',
      })),
    );
    expect(first._('casino.seeAll')).toBe('See all');
    expect(besideSame._('casino.seeAll')).toBe('See all');
    expect(besideOther._('casino.seeAll')).toBe('Смотреть все');
    await renders.run(besideOther, async () => expect(hasMessage('casino.seeAll')).toBe(true));
  });
});
