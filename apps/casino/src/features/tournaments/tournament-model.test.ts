import { describe, expect, it } from 'vitest';
import {
  clockOf,
  countdownOf,
  mergeLive,
  pageCount,
  pageOf,
  pinnedRow,
  searchOf,
  tabOf,
  timeLeft,
  tournamentGamesQuery,
  type Board,
  type BoardRow,
} from './tournament-model.ts';

const row = (place: number | null, name: string, mine = false): BoardRow => ({
  place,
  name,
  points: '1.00',
  rounds: 1,
  is_current_user: mine,
});

describe('tabs in the URL', () => {
  it('reads ?status= (unknown values: all) and writes none for all', () => {
    expect(tabOf('')).toBe('all');
    expect(tabOf('?status=active')).toBe('active');
    expect(tabOf('?status=finished&x=1')).toBe('finished');
    expect(tabOf('?status=bogus')).toBe('all');
    expect(searchOf('all')).toBe('');
    expect(searchOf('future')).toBe('?status=future');
  });
});

describe('tournament game hall (§9: 12 a page)', () => {
  it('asks for its named games, else its providers, else every game, 12 from the page', () => {
    expect(tournamentGamesQuery({ games: ['a', 'b'], providers: ['p'] }, 1)).toEqual({
      offset: 0,
      limit: 12,
      sort: 'popular',
      sysnames: ['a', 'b'],
    });
    expect(tournamentGamesQuery({ games: [], providers: ['p'] }, 3)).toEqual({
      offset: 24,
      limit: 12,
      sort: 'popular',
      providers: ['p'],
    });
    expect(tournamentGamesQuery({ games: [], providers: [] }, 2)).toEqual({
      offset: 12,
      limit: 12,
      sort: 'popular',
    });
  });

  it('reads ?page= (anything else: 1) and counts pages', () => {
    expect(pageOf('')).toBe(1);
    expect(pageOf('?page=4')).toBe(4);
    expect(pageOf('?page=0')).toBe(1);
    expect(pageOf('?page=-2')).toBe(1);
    expect(pageOf('?page=abc')).toBe(1);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
  });
});

describe('countdowns', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('counts to the start of a future one and the end of an active one; none once finished', () => {
    const future = {
      status: 'future' as const,
      starts_at: '2026-11-29T13:02:03Z',
      ends_at: '2026-12-01T00:00:00Z',
    };
    expect(countdownOf(future, now)).toEqual({
      to: 'start',
      left: { days: 2, hours: 1, minutes: 2, seconds: 3 },
    });
    expect(clockOf(countdownOf(future, now)!.left)).toBe('2d 01:02:03');
    const active = { ...future, status: 'active' as const, ends_at: '2026-11-27T12:00:59Z' };
    expect(countdownOf(active, now)).toEqual({
      to: 'end',
      left: { days: 0, hours: 0, minutes: 0, seconds: 59 },
    });
    expect(clockOf(countdownOf(active, now)!.left)).toBe('00:00:59');
    expect(countdownOf({ ...future, status: 'finished' }, now)).toBeNull();
    // Past its end on this clock (the list has not been read again yet): no negative time.
    expect(timeLeft('2026-11-27T11:59:59Z', now)).toBeNull();
  });
});

describe('live board', () => {
  const board: Board = {
    tournament_id: 1,
    revision: '10',
    status: 'active',
    total: 2,
    items: [row(1, 'A'), row(2, 'B')],
    me: null,
  };
  const event = (revision: string) => ({
    tournament_id: 1,
    revision,
    status: 'active',
    total_participants: 3,
    top: [row(1, 'C', true), row(2, 'A'), row(3, 'B')],
    me: row(1, 'C', true),
  });

  it('takes a newer revision and keeps the page’s board against an older one (BigInt order)', () => {
    expect(mergeLive(board, event('11'))).toMatchObject({ revision: '11', total: 3 });
    expect(mergeLive(board, event('9'))).toBe(board);
    expect(mergeLive(board, event('10'))).toBe(board);
    // Compared as numbers, not strings ("9" > "10" as text).
    expect(mergeLive({ ...board, revision: '9' }, event('10')).revision).toBe('10');
    expect(mergeLive(null, event('1')).items).toHaveLength(3);
  });

  it('pins the player’s row under the top rows only when it is not among them', () => {
    expect(pinnedRow({ items: [row(1, 'A'), row(2, 'B')], me: row(57, 'Me', true) })).toEqual(
      row(57, 'Me', true),
    );
    expect(pinnedRow({ items: [row(1, 'Me', true)], me: row(1, 'Me', true) })).toBeNull();
    expect(pinnedRow({ items: [row(1, 'A')], me: null })).toBeNull();
  });
});
