import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { serverRender, TEST_PLAYER } from '@northstar/shell-sdk/testing';
import { bettingKey, type SbEvent, type SportSummary } from '../shared/api.ts';
import { BettingView } from '../book/betting-page.tsx';
import { EventView } from '../book/event-page.tsx';
import { slipAtom } from '../slip/slip-state.ts';
import { EMPTY_SLIP, toggleSelection } from '../slip/slip-model.ts';

// The Lingui macro is compiled away in the app's build; here its texts render as written.
vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  Plural: ({ value, one, other }: { value: number; one: string; other: string }) =>
    (value === 1 ? one : other).replace('#', String(value)),
  useLingui: () => ({ i18n, t: (d: { message: string }) => d.message }),
}));

const LIVE: SbEvent = {
  id: 41,
  sport: 'football',
  competition: { id: 3, name: 'Premier Division', country: 'England' },
  kind: 'match',
  home: 'Northbridge FC',
  away: 'Harbour City',
  starts_at: '2026-11-29T20:00:00.000Z',
  status: 'live',
  score: { home: 2, away: 1 },
  clock: { minute: 67, period: 2, at: '2026-11-29T21:12:00.000Z', running: true },
  markets: [
    {
      id: 410,
      kind: '1x2',
      line: null,
      status: 'open',
      void_reason: null,
      outcomes: [
        { id: 4101, key: 'home', odds: '1.30', status: 'open' },
        { id: 4102, key: 'draw', odds: '4.75', status: 'suspended' },
        { id: 4103, key: 'away', odds: '9.00', status: 'open' },
      ],
    },
  ],
  markets_count: 9,
};

const SPORTS: SportSummary[] = [
  { sport: 'football', live: 1, upcoming: 20, competitions: [] },
  { sport: 'tennis', live: 0, upcoming: 6, competitions: [] },
];

describe('/betting on the server', () => {
  it('renders the sport’s book with live score, clock and prices (a suspended one locked)', () => {
    const html = serverRender(<BettingView />, {
      pathname: '/betting',
      search: '?sport=football',
      data: [
        [bettingKey('sports'), SPORTS],
        [
          bettingKey('events', { sport: 'football', when: 'all', count: 100 }),
          { total: 1, items: [LIVE], seq: '77' },
        ],
      ],
    });
    expect(html).toContain('data-remote="betting"');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Football<span[^>]*>21<\/span>/);
    expect(html).toContain('Premier Division');
    expect(html).toContain('Northbridge FC');
    expect(html).toMatch(/data-score|>2<\/span>/);
    // The clock as read (the browser runs it on after hydration).
    expect(html).toContain('67′');
    // Each price says what it shows, then the event and the outcome; a suspended one is locked.
    expect(html).toMatch(
      /data-outcome="4101"[^>]*><span[^>]*>1<\/span> <span[^>]*>1.30<\/span><span class="visually-hidden">, Northbridge FC – Harbour City: Northbridge FC<\/span>/,
    );
    expect(html).toMatch(/aria-disabled="true" data-outcome="4102"/);
    expect(html).toContain(', Northbridge FC – Harbour City: Draw, suspended</span>');
    expect(html).toContain('href="/betting/event/41"');
    // A visitor's slip is empty on the server (the kept slip is read after hydration).
    expect(html).toContain('Your bet slip is empty');
  });

  it('says so when nothing is live', () => {
    const html = serverRender(<BettingView />, {
      pathname: '/betting',
      search: '?when=live',
      data: [
        [bettingKey('sports'), SPORTS],
        [bettingKey('events', { when: 'live', count: 100 }), { total: 0, items: [], seq: '1' }],
      ],
    });
    expect(html).toContain('Nothing is live right now');
    expect(html).toMatch(/aria-current="page"[^>]*>Live now \(1\)/);
  });
});

describe('/betting/event/{id} on the server', () => {
  it('renders every market, main first, and the slip with its selection, return and sign-in', () => {
    const event: SbEvent = {
      ...LIVE,
      markets: [
        {
          id: 412,
          kind: 'total',
          line: '2.5',
          status: 'open',
          void_reason: null,
          outcomes: [
            { id: 4121, key: 'over', odds: '1.60', status: 'open' },
            { id: 4122, key: 'under', odds: '2.25', status: 'open' },
          ],
        },
        ...LIVE.markets,
      ],
    };
    const html = serverRender(<EventView id={41} />, {
      session: TEST_PLAYER,
      pathname: '/betting/event/41',
      data: [[bettingKey('event', { id: 41 }), { event, seq: '80' }]],
      prepare: (store) =>
        store.set(
          slipAtom,
          toggleSelection(EMPTY_SLIP, {
            outcomeId: 4121,
            marketId: 412,
            eventId: 41,
            odds: '1.60',
            sport: 'football',
            home: 'Northbridge FC',
            away: 'Harbour City',
            eventKind: 'match',
            market: 'total',
            line: '2.5',
            outcome: 'over',
          }),
        ),
    });
    expect(html.indexOf('Match result')).toBeLessThan(html.indexOf('Total 2.5'));
    expect(html).toContain('Over 2.5');
    expect(html).toMatch(/aria-pressed="true" data-outcome="4121"/);
    expect(html).toContain('>Over 2.5</span> <span');
    expect(html).toContain('2 markets');
    expect(html).toContain('Bet slip (1)');
    expect(html).toContain('Stake per bet');
    expect(html).toContain('Place bet');
  });
});
