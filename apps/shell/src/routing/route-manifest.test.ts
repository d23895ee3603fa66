import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ROUTE_MANIFEST } from './route-manifest.ts';

const routes = ROUTE_MANIFEST.map((entry) => ({ path: entry.path, entry }));
const match = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.entry;

describe('route manifest', () => {
  it('lists every route with and without each non-default locale', () => {
    const paths = new Set(ROUTE_MANIFEST.map((e) => e.path));
    expect(paths.size).toBe(ROUTE_MANIFEST.length);
    for (const path of [
      '/cashier/paysuccess/:transaction',
      '/es-ES/cashier/paysuccess/:transaction',
      '/ru-RU/profile/bets/exports',
      '/pt-BR',
    ]) {
      expect(paths.has(path)).toBe(true);
    }
    expect([...paths].some((p) => p.startsWith('/en-US'))).toBe(false);
  });

  it('routes paths to their owners', () => {
    expect(match('/gamehall')?.owner).toBe('casino');
    expect(match('/es-ES/game/aviator')).toMatchObject({
      owner: 'casino',
      layout: 'game',
      locale: 'es-ES',
    });
    expect(match('/cashier/deposit/visa')?.id).toBe('cashierDepositMethod');
    expect(match('/forms/sign_in')).toMatchObject({ owner: 'auth', layout: 'empty' });
    expect(match('/ru-RU/loyalty/shop')?.id).toBe('loyaltyShop');
    expect(match('/ru-RU/loyalty/vip')?.id).toBe('loyaltyProgram');
  });

  it('treats a lone locale as the localized home and any other lone segment as a slug page', () => {
    expect(match('/es-ES')).toMatchObject({ id: 'home', locale: 'es-ES' });
    expect(match('/about-us')).toMatchObject({ id: 'slug', owner: 'shell' });
    expect(match('/pt-BR/about-us')).toMatchObject({ id: 'slug', locale: 'pt-BR' });
    expect(match('/bets/anything/here')?.id).toBe('legacyBets');
  });
});
