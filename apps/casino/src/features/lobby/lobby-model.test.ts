import { describe, expect, it } from 'vitest';
import type { Game, GameRound, Jackpot } from '../shared/api.ts';
import {
  ago,
  homeBanners,
  homeCategories,
  inOrder,
  newWinners,
  poolsIn,
  recentlyPlayed,
} from './lobby-model.ts';

const round = (sysname: string, startedAt: string): GameRound => ({
  round: `${sysname}-${startedAt}`,
  game: { sysname, name: sysname },
  provider: 'northstar',
  currency: 'EUR',
  stake: '1.00',
  win: '0.00',
  status: 'settled',
  started_at: startedAt,
  finished_at: startedAt,
});

describe('recentlyPlayed', () => {
  it('lists each game once, by its newest round, newest first, up to the limit', () => {
    const rounds = [
      round('dice', '2025-01-01T10:05:00Z'),
      round('slots', '2025-01-01T10:04:00Z'),
      round('dice', '2025-01-01T10:03:00Z'),
      round('roulette', '2025-01-01T10:02:00Z'),
      round('blackjack', '2025-01-01T09:00:00Z'),
    ];
    expect(recentlyPlayed(rounds, 10)).toEqual(['dice', 'slots', 'roulette', 'blackjack']);
    expect(recentlyPlayed(rounds, 2)).toEqual(['dice', 'slots']);
  });

  it('orders by time even when the page came unsorted', () => {
    const rounds = [round('old', '2025-01-01T08:00:00Z'), round('new', '2025-01-02T08:00:00Z')];
    expect(recentlyPlayed(rounds, 5)).toEqual(['new', 'old']);
    expect(recentlyPlayed([], 5)).toEqual([]);
  });
});

describe('inOrder', () => {
  it("puts games in the list's order and drops those the catalogue no longer has", () => {
    const game = (sysname: string) => ({ sysname }) as Game;
    expect(
      inOrder([game('a'), game('b'), game('c')], ['c', 'gone', 'a']).map((g) => g.sysname),
    ).toEqual(['c', 'a']);
  });
});

describe('poolsIn', () => {
  const pool = (sysname: string, currency: string, amount: string): Jackpot => ({
    id: 1,
    sysname,
    name: sysname,
    currency,
    amount,
    games_count: 3,
  });
  const pools = [
    pool('mega', 'BRL', '50000.00'),
    pool('mega', 'EUR', '10000.00'),
    pool('mega', 'USD', '10000.00'),
    pool('mini', 'USD', '100.00'),
    pool('mini', 'EUR', '100.00'),
    pool('local', 'BRL', '10.00'),
  ];

  it("takes each jackpot's pool in the player's currency, in the jackpots' order", () => {
    expect(poolsIn(pools, 'USD').map((p) => [p.sysname, p.currency])).toEqual([
      ['mega', 'USD'],
      ['mini', 'USD'],
      ['local', 'BRL'],
    ]);
  });

  it('shows a visitor (or a currency without a pool) the euro pool, else any', () => {
    expect(poolsIn(pools, null).map((p) => p.currency)).toEqual(['EUR', 'EUR', 'BRL']);
    expect(poolsIn(pools, 'GBP').map((p) => p.currency)).toEqual(['EUR', 'EUR', 'BRL']);
  });
});

describe('homeCategories', () => {
  it('puts the preferred categories first, then the rest by the catalogue order', () => {
    const categories = [
      { sysname: 'slots', count: 100 },
      { sysname: 'fruit', count: 50 },
      { sysname: 'new', count: 10 },
      { sysname: 'empty', count: 0 },
      { sysname: 'dice', count: 5 },
    ];
    expect(homeCategories(categories, 3)).toEqual(['new', 'slots', 'fruit']);
    expect(homeCategories(categories, 10)).toEqual(['new', 'slots', 'fruit', 'dice']);
  });
});

describe('newWinners', () => {
  it('marks only the rounds that were not shown before, and none on the first list', () => {
    const list = (...rounds: string[]) => rounds.map((round) => ({ round }));
    expect(newWinners(undefined, list('a', 'b'))).toEqual(new Set());
    expect(newWinners(list('a', 'b'), list('c', 'a', 'b'))).toEqual(new Set(['c']));
    expect(newWinners(list('a'), list('a'))).toEqual(new Set());
  });
});

describe('ago', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  it('gives the largest whole unit, in the past', () => {
    expect(ago('2025-01-01T11:59:30Z', now)).toEqual({ value: -30, unit: 'second' });
    expect(ago('2025-01-01T11:57:10Z', now)).toEqual({ value: -2, unit: 'minute' });
    expect(ago('2025-01-01T09:00:00Z', now)).toEqual({ value: -3, unit: 'hour' });
    expect(ago('2024-12-29T12:00:00Z', now)).toEqual({ value: -3, unit: 'day' });
  });
  it('never says "in the future" for a clock a little ahead', () => {
    expect(ago('2025-01-01T12:00:05Z', now)).toEqual({ value: -0, unit: 'second' });
  });
});

describe('homeBanners', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');
  const image = (url: string) => ({ url, width: 360, height: 240 });
  it('keeps the running main banners with an image, in the order banners/get answers', () => {
    const answer = {
      total: 6,
      items: [
        { id: 1, title: 'First', link: '/promotions', image_tablet: image('/a-tall.svg') },
        { id: 3, title: 'Second', banner_type: 'main', image_mobile: image('/b.svg') },
        { id: 2, title: 'Auth', banner_type: 'auth', image_mobile: image('/c.svg') },
        {
          id: 4,
          title: 'Over',
          finished_at: '2025-05-01T00:00:00Z',
          image_mobile: image('/d.svg'),
        },
        { id: 5, title: 'No picture' },
        {
          id: 6,
          title: 'Later',
          finished_at: '2025-07-01T00:00:00Z',
          image_mobile: image('/e.svg'),
        },
      ],
    };
    expect(homeBanners(answer, now).map((b) => b.title)).toEqual(['First', 'Second', 'Later']);
    expect(homeBanners(answer, now)[0]).toMatchObject({
      link: '/promotions',
      mobile: null,
      tablet: { url: '/a-tall.svg' },
    });
  });
  it('keeps a site path or an https link, and drops any other', () => {
    const banner = (link: unknown) =>
      homeBanners({ items: [{ id: 1, title: 'A', link, image_mobile: image('/a.svg') }] }, now)[0]
        ?.link;
    expect(banner('/promotions/7')).toBe('/promotions/7');
    expect(banner('https://partner.example/offer')).toBe('https://partner.example/offer');
    expect(banner('javascript:alert(1)')).toBeNull();
    expect(banner('//evil.example')).toBeNull();
    expect(banner('http://plain.example')).toBeNull();
    expect(banner(undefined)).toBeNull();
  });
  it('reads nothing from a malformed or failed answer', () => {
    expect(homeBanners(null, now)).toEqual([]);
    expect(homeBanners({ items: 'x' }, now)).toEqual([]);
    expect(homeBanners({ items: [null, 7] }, now)).toEqual([]);
  });
});
