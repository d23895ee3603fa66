import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  CASINO_METHODS,
  casinoApi,
  casinoKey,
  type CasinoResponse,
  type Game,
  type GamesQuery,
} from '../shared/api.ts';

/**
 * The first page is what the server renders and hands over in the HTML (a first screen of tiles
 * on a wide screen, and then some); later pages are as large as games/get allows, so scrolling to
 * the last of 1,500 games waits for a few calls, not thirty.
 */
export const HALL_FIRST_PAGE = 48;
export const HALL_PAGE = 200;

type PageParam = { offset: number; limit: number };
export type GamesPage = CasinoResponse<'games'>;

/** What the hall asks games/get for (no paging: the infinite query adds it). */
export type HallQuery = Pick<GamesQuery, 'category' | 'providers' | 'sort' | 'search'>;

/** The games of a hall, page by page as the grid scrolls (useInfiniteQuery). */
export function hallGamesQuery(query: HallQuery) {
  const options: HallQuery = {
    ...(query.category ? { category: query.category } : {}),
    ...(query.providers?.length ? { providers: [...query.providers] } : {}),
    ...(query.search ? { search: query.search } : {}),
    sort: query.sort ?? 'popular',
  };
  return infiniteQueryOptions({
    // `hall` keeps these pages apart from a plain games/get of the same filter (other screens
    // cache single answers under the method's key).
    queryKey: casinoKey('games', { hall: true, ...options }),
    queryFn: ({ pageParam, signal }: { pageParam: PageParam; signal: AbortSignal }) =>
      casinoApi.send(
        CASINO_METHODS.games,
        { options: JSON.stringify({ ...options, ...pageParam } satisfies GamesQuery) },
        { signal },
      ),
    initialPageParam: { offset: 0, limit: HALL_FIRST_PAGE } as PageParam,
    getNextPageParam: (last: GamesPage, pages: GamesPage[]): PageParam | undefined => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page ends it too: the catalogue shrank while the player scrolled.
      return loaded < last.total && last.items.length > 0
        ? { offset: loaded, limit: HALL_PAGE }
        : undefined;
    },
  });
}

/** The games of the loaded pages in order, and the hall's total. */
export function flattenPages(pages: readonly GamesPage[] | undefined): {
  games: Game[];
  total: number;
} {
  if (!pages || pages.length === 0) return { games: [], total: 0 };
  const games: Game[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const item of page.items as Game[]) {
      // A game that moved between pages while they loaded (popularity changed) shows once.
      if (seen.has(item.sysname)) continue;
      seen.add(item.sysname);
      games.push(item);
    }
  }
  return { games, total: Math.max(pages[pages.length - 1]!.total, games.length) };
}
