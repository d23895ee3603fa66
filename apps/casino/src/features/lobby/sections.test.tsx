import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import {
  serverRender as renderOnServer,
  TEST_PLAYER,
  TEST_VISITOR,
} from '@northstar/shell-sdk/testing';
import { casinoKey, type Game, type GameRound } from '../shared/api.ts';
import HomeSections from './sections.tsx';

// The Lingui macro is compiled away in the app's build; here its texts render as written.
vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  useLingui: () => ({ i18n, t: (d: { message: string }) => d.message }),
}));

const game = (sysname: string, name: string): Game => ({
  sysname,
  name,
  provider: { sysname: 'aurora', game_params: {} },
  image_url: `/art/${sysname}.svg`,
  tags: [],
  description: {},
  rtp: 96.5,
  categories: [],
});

const list = <T,>(items: T[]) => ({ items, total: items.length });
const rowKey = (category: string) =>
  casinoKey('games', { options: { category, limit: 12, sort: 'popular' } });

/** The data the server render has fetched when it renders the sections the last time. */
function seeded(): [readonly unknown[], unknown][] {
  return [
    [
      casinoKey('categories'),
      list([
        { sysname: 'slots', count: 9 },
        { sysname: 'new', count: 2 },
      ]),
    ],
    [
      rowKey('new'),
      list([game('comet-new-1', 'Comet Rising'), game('comet-new-2', 'Nova Lights')]),
    ],
    [rowKey('slots'), list([game('slot-1', 'Lucky Sevens')])],
    [
      casinoKey('providers'),
      list([
        {
          sysname: 'aurora',
          name: 'Aurora Gaming',
          image_url: null,
          type: 'casino',
          games_count: 3,
        },
      ]),
    ],
    [
      casinoKey('jackpots'),
      list([
        {
          id: 1,
          sysname: 'northstar-mega',
          name: 'Northstar Mega',
          currency: 'EUR',
          amount: '10250.75',
          games_count: 30,
        },
      ]),
    ],
    [
      casinoKey('winners', { sort: 'recent', count: 5 }),
      list([
        {
          round: 'r1',
          player: 'De****',
          game: { sysname: 'northstar-dice', name: 'Dice' },
          amount: '42.00',
          stake: '2.00',
          currency: 'EUR',
          won_at: '2025-01-01T10:00:00Z',
        },
      ]),
    ],
  ];
}

/** The home page's sections rendered as the server does (`@northstar/shell-sdk/testing`). */
const serverRender = (data: [readonly unknown[], unknown][], signedIn = false): string =>
  renderOnServer(<HomeSections />, { session: signedIn ? TEST_PLAYER : TEST_VISITOR, data });

describe('home sections on the server', () => {
  it('render the first category row with its games and its "see all" link', () => {
    const html = serverRender(seeded());
    const first = html.indexOf('data-home-row="home-row-new"');
    expect(first).toBeGreaterThan(-1);
    // The preferred "new" row comes before "slots", and holds its games as links.
    expect(first).toBeLessThan(html.indexOf('data-home-row="home-row-slots"'));
    expect(html).toContain('Comet Rising');
    expect(html).toContain('href="/game/comet-new-1"');
    expect(html).toContain('href="/gamehall?category=new"');
    expect(html).toContain('Aurora Gaming');
    // The live parts are there too, with the exact figures.
    expect(html).toContain('data-amount="10250.75"');
    expect(html).toContain('De****');
    // A visitor gets no player rows.
    expect(html).not.toContain('Continue playing');
  });

  it('draws skeletons, not games, while a row has no data', () => {
    const data = seeded().filter(([key]) => JSON.stringify(key) !== JSON.stringify(rowKey('new')));
    const html = serverRender(data);
    expect(html).not.toContain('Comet Rising');
    expect(html).toContain('Lucky Sevens');
  });

  it('shows a player the games they played last, each once, newest first', () => {
    const played = (sysname: string, at: string): GameRound => ({
      round: `${sysname}-${at}`,
      game: { sysname, name: sysname },
      provider: 'northstar',
      currency: 'EUR',
      stake: '1.00',
      win: '0.00',
      status: 'settled',
      started_at: at,
      finished_at: at,
    });
    const html = serverRender(
      [
        ...seeded(),
        [
          casinoKey('history', { count: 40 }),
          list([
            played('slot-b', '2025-01-01T10:03:00Z'),
            played('slot-a', '2025-01-01T10:02:00Z'),
            played('slot-b', '2025-01-01T10:01:00Z'),
          ]),
        ],
        [
          casinoKey('games', { options: { sysnames: ['slot-b', 'slot-a'], limit: 12 } }),
          list([game('slot-a', 'Alpha Reels'), game('slot-b', 'Beta Reels')]),
        ],
        [casinoKey('likes'), { sysnames: [] }],
      ],
      true,
    );
    const row = html.slice(html.indexOf('data-home-row="home-row-continue"'));
    expect(html).toContain('Continue playing');
    expect(row.indexOf('Beta Reels')).toBeGreaterThan(-1);
    expect(row.indexOf('Beta Reels')).toBeLessThan(row.indexOf('Alpha Reels'));
    expect(html).not.toContain('Your favourites');
  });
});
