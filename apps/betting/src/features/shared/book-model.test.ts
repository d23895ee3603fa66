import { describe, expect, it } from 'vitest';
import type { Book, SbEvent } from './api.ts';
import {
  applyToBook,
  applyToEvent,
  byCompetition,
  clockMinute,
  oddsOf,
  parseMarketKey,
  sortedMarkets,
  thousandthsOf,
} from './book-model.ts';

const event = (id: number, competition = 1): SbEvent => ({
  id,
  sport: 'football',
  competition: { id: competition, name: `League ${competition}`, country: 'England' },
  kind: 'match',
  home: 'Arsenal',
  away: 'Chelsea',
  starts_at: '2026-11-29T20:00:00.000Z',
  status: 'prematch',
  score: null,
  clock: null,
  markets: [
    {
      id: id * 10,
      kind: '1x2',
      line: null,
      status: 'open',
      void_reason: null,
      outcomes: [
        { id: id * 100 + 1, key: 'home', odds: '1.85', status: 'open' },
        { id: id * 100 + 2, key: 'draw', odds: '3.40', status: 'open' },
        { id: id * 100 + 3, key: 'away', odds: '4.20', status: 'open' },
      ],
    },
  ],
  markets_count: 12,
});

describe('odds', () => {
  it('writes thousandths as the book’s text and back', () => {
    expect(oddsOf(1850)).toBe('1.85');
    expect(oddsOf(12000)).toBe('12.00');
    expect(oddsOf(null)).toBeNull();
    expect(thousandthsOf('1.85')).toBe(1850);
    expect(thousandthsOf('12.00')).toBe(12000);
    expect(parseMarketKey('total:2.5')).toEqual({ kind: 'total', line: '2.5' });
    expect(parseMarketKey('handicap:-1.5')).toEqual({ kind: 'handicap', line: '-1.5' });
    expect(parseMarketKey('1x2')).toEqual({ kind: '1x2', line: null });
  });
});

describe('the odds stream applied', () => {
  it('moves prices and states, and takes the event’s score and clock', () => {
    const next = applyToEvent(
      event(1),
      [
        {
          event_id: 1,
          competition_id: 1,
          sport: 'football',
          event: {
            status: 'live',
            score: { home: 1, away: 0 },
            clock: { minute: 12, period: 1, at: '2026-11-29T20:12:00.000Z', running: true },
            starts_at: '2026-11-29T20:00:00.000Z',
            home: 'Arsenal',
            away: 'Chelsea',
          },
          outcomes: [{ id: 101, market_id: 10, key: 'home', odds: 1500, status: 'open' }],
        },
        {
          event_id: 2,
          competition_id: 1,
          sport: 'football',
          outcomes: [{ id: 201, market_id: 20, key: 'home', odds: 9990, status: 'open' }],
        },
      ],
      false,
    );
    expect(next.status).toBe('live');
    expect(next.score).toEqual({ home: 1, away: 0 });
    expect(next.markets[0]!.outcomes.map((o) => o.odds)).toEqual(['1.50', '3.40', '4.20']);
  });

  it('adds a market the feed opens on an event’s page only', () => {
    const change = {
      event_id: 1,
      competition_id: 1,
      sport: 'football',
      markets: [{ id: 11, key: 'total:2.5', status: 'open' as const }],
      outcomes: [
        { id: 111, market_id: 11, key: 'over', odds: 1900, status: 'open' as const },
        { id: 112, market_id: 11, key: 'under', odds: 1900, status: 'open' as const },
      ],
    };
    expect(applyToEvent(event(1), [change], false).markets).toHaveLength(1);
    const page = applyToEvent(event(1), [change], true);
    expect(page.markets[1]).toMatchObject({ id: 11, kind: 'total', line: '2.5' });
    expect(page.markets[1]!.outcomes.map((o) => `${o.key}@${o.odds}`)).toEqual([
      'over@1.90',
      'under@1.90',
    ]);
  });

  it('takes an event that ended out of a list of live and coming events', () => {
    const book: Book = { total: 2, items: [event(1), event(2)], seq: '5' };
    const next = applyToBook(
      book,
      [
        {
          event_id: 2,
          competition_id: 1,
          sport: 'football',
          event: {
            status: 'ended',
            score: { home: 2, away: 2 },
            clock: null,
            starts_at: '2026-11-29T20:00:00.000Z',
            home: 'Arsenal',
            away: 'Chelsea',
          },
        },
      ],
      '9',
    );
    expect(next.items.map((e) => e.id)).toEqual([1]);
    expect(next.total).toBe(1);
    expect(next.seq).toBe('9');
    expect(
      applyToBook(book, [{ event_id: 7, competition_id: 1, sport: 'football' }], '10').items,
    ).toBe(book.items);
  });
});

describe('the page’s order and clock', () => {
  it('groups by competition in the book’s order and sorts markets main first', () => {
    const groups = byCompetition([event(1, 1), event(2, 2), event(3, 1)]);
    expect(groups.map((g) => [g.competition.id, g.events.map((e) => e.id)])).toEqual([
      [1, [1, 3]],
      [2, [2]],
    ]);
    const markets = sortedMarkets([
      { ...event(1).markets[0]!, id: 3, kind: 'total', line: '3.5' },
      { ...event(1).markets[0]!, id: 2, kind: 'total', line: '2.5' },
      { ...event(1).markets[0]!, id: 1, kind: '1x2' },
    ]);
    expect(markets.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('runs a live clock on from the minute read, and holds a stopped one', () => {
    const live: SbEvent = {
      ...event(1),
      status: 'live',
      clock: { minute: 30, period: 1, at: '2026-11-29T20:30:00.000Z', running: true },
    };
    expect(clockMinute(live, Date.parse('2026-11-29T20:35:30.000Z'))).toBe(35);
    expect(
      clockMinute(
        { ...live, clock: { ...live.clock!, running: false } },
        Date.parse('2026-11-29T20:35:30.000Z'),
      ),
    ).toBe(30);
    expect(clockMinute(event(1), Date.now())).toBeNull();
  });
});
