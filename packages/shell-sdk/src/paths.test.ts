import { describe, expect, it } from 'vitest';
import { gamePlayPath, gamehallByProviders, routePath } from './paths.ts';
import { ROUTES, ROUTE_IDS } from './route-table.ts';

describe('route builders', () => {
  it('fills params and adds the locale prefix', () => {
    expect(routePath('game', { sysname: 'book of ra' }, 'es-ES')).toBe(
      '/es-ES/game/book%20of%20ra',
    );
    expect(routePath('tournamentGamehall', { id: '7' })).toBe('/tournaments/7/gamehall');
    expect(routePath('home', {}, 'pt-BR')).toBe('/pt-BR');
    expect(routePath('gamehall', {}, 'en-US')).toBe('/gamehall');
  });

  it('builds the play and filtered game hall links of §2', () => {
    expect(gamePlayPath({ sysname: 'aviator' })).toBe('/platform/game/aviator/play');
    expect(gamePlayPath({ customId: '12' })).toBe('/platform/game/custom/12/play');
    expect(gamehallByProviders(['netent', 'playn go'], 'ru-RU')).toBe(
      '/ru-RU/gamehall?providers=netent,playn%20go',
    );
  });

  it('has unique patterns', () => {
    const patterns = ROUTE_IDS.map((id) => ROUTES[id].pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('route builder types', () => {
  it('refuses wrong params at compile time', () => {
    // @ts-expect-error `game` needs its sysname
    expect(() => routePath('game', {})).toThrow(/missing param sysname/);
    // @ts-expect-error `tournament` has no param `sysname`
    expect(() => routePath('tournament', { sysname: 'x' })).toThrow(/missing param id/);
    // @ts-expect-error not a route
    expect(() => routePath('casino-lobby')).toThrow();
  });
});
