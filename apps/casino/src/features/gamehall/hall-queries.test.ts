import { describe, expect, it } from 'vitest';
import {
  flattenPages,
  HALL_FIRST_PAGE,
  HALL_PAGE,
  hallGamesQuery,
  type GamesPage,
} from './hall-queries.ts';

const game = (sysname: string) => ({
  sysname,
  name: sysname,
  provider: { sysname: 'p', game_params: {} },
  image_url: null,
  tags: [],
  description: {},
});
const page = (total: number, names: string[]): GamesPage => ({ total, items: names.map(game) });

describe('hall paging', () => {
  const query = hallGamesQuery({ sort: 'popular' });
  const next = query.getNextPageParam!;

  it('starts with a first screen of games, then asks for the largest pages from where it is', () => {
    expect(query.initialPageParam).toEqual({ offset: 0, limit: HALL_FIRST_PAGE });
    expect(HALL_PAGE).toBeLessThanOrEqual(200); // games/get's limit
    const first = page(
      500,
      Array.from({ length: HALL_FIRST_PAGE }, (_, i) => `g${i}`),
    );
    expect(next(first, [first], query.initialPageParam, [query.initialPageParam])).toEqual({
      offset: HALL_FIRST_PAGE,
      limit: HALL_PAGE,
    });
  });

  it('stops at the total, and at an empty page (the catalogue shrank meanwhile)', () => {
    const all = page(2, ['a', 'b']);
    expect(next(all, [all], query.initialPageParam, [])).toBeUndefined();
    const empty = page(10, []);
    expect(next(empty, [page(10, ['a']), empty], query.initialPageParam, [])).toBeUndefined();
  });

  it('keys each filter apart, and apart from plain games/get answers', () => {
    const a = hallGamesQuery({ category: 'slots', sort: 'new' }).queryKey;
    const b = hallGamesQuery({ category: 'table', sort: 'new' }).queryKey;
    expect(a).not.toEqual(b);
    expect(JSON.stringify(a)).toContain('"hall":true');
  });
});

describe('flattenPages', () => {
  it('lists the games of every page once, in order, with the last total', () => {
    const pages = [page(4, ['a', 'b']), page(4, ['b', 'c', 'd'])];
    expect(flattenPages(pages)).toEqual({
      games: ['a', 'b', 'c', 'd'].map(game),
      total: 4,
    });
    expect(flattenPages(undefined)).toEqual({ games: [], total: 0 });
  });
});
