import {
  memo,
  useEffect,
  useMemo,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@northstar/ui';
import { GameTileSkeleton, GridSkeleton, TileList } from './tile-skeleton.tsx';
import type { Game } from '../shared/api.ts';
import type { TileOrientation } from '../shared/game-tile.tsx';
import { flattenPages, hallGamesQuery, type HallQuery } from './hall-queries.ts';
import { columnsFor, estimateRowHeight, GRID_GAP, SERVER_VIEWPORT_WIDTH } from './hall-layout.ts';

// Layout effects only run in the browser; the server render has no layout to read.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The width the tiles-per-row table is read at: the viewport's, as the CSS media queries see it. */
function subscribeWidth(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const viewportWidth = () => window.innerWidth;
const serverWidth = () => SERVER_VIEWPORT_WIDTH;

/** The server lays out rows of this many viewport heights (the rest come with scrolling). */
const SERVER_VIEWPORT_HEIGHT = 1000;

/** The whole grid's height, so the page's scrollbar is right before the rows are drawn. */
const Sizer = styled.div`
  position: relative;
  width: 100%;
`;

const Notice = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: 18px;
  }
`;

export { Notice as HallNotice };

/**
 * The tiles of the rows drawn. Memoised: the virtualizer draws the grid again on every scroll
 * event, and the tiles only change when a row comes in or goes.
 */
const GridTiles = memo(function GridTiles({
  games,
  first,
  end,
  total,
  columns,
  orientation,
  renderTile,
}: {
  games: readonly Game[];
  first: number;
  end: number;
  total: number;
  columns: number;
  orientation: TileOrientation;
  renderTile: GameGridProps['renderTile'];
}) {
  const tiles: ReactNode[] = [];
  for (let index = first; index < end; index++) {
    const game = games[index];
    tiles.push(
      <li
        key={game ? game.sysname : `pending-${index}`}
        aria-posinset={index + 1}
        aria-setsize={total}
      >
        {game ? renderTile(game, index < columns) : <GameTileSkeleton orientation={orientation} />}
      </li>,
    );
  }
  return <>{tiles}</>;
});

export interface GameGridProps {
  query: HallQuery;
  orientation: TileOrientation;
  /** The grid's accessible name (the hall's title or filter). */
  label: string;
  renderTile: (game: Game, eager: boolean) => ReactNode;
  /** What shows when the filter matches no game. */
  empty: ReactNode;
  /** Called with the number of games the filter matches, once known. */
  onTotal?: (total: number) => void;
}

/**
 * The hall's grid of games: rows of tiles virtualized against the window, so 1,500 games keep
 * ~50 tiles in the page; pages of games are fetched as the rows near the end of what is loaded.
 *
 * The tiles of the visible rows sit in one CSS grid moved down to the first of them: the CSS
 * decides the columns (hall-layout.ts), so the server's HTML, made for a wide screen with no
 * viewport to measure, shows the first tiles where the browser will keep them on any screen.
 */
export function GameGrid({ query, orientation, label, renderTile, empty, onTotal }: GameGridProps) {
  const { t } = useLingui();
  const games = useInfiniteQuery(hallGamesQuery(query));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = games;
  const pages = data?.pages;
  const { games: loaded, total } = useMemo(() => flattenPages(pages), [pages]);

  const width = useSyncExternalStore(subscribeWidth, viewportWidth, serverWidth);
  const columns = columnsFor(width, orientation);
  const listRef = useRef<HTMLUListElement>(null);
  const sizerRef = useRef<HTMLDivElement>(null);
  const [rowHeight, setRowHeight] = useState(() =>
    estimateRowHeight(SERVER_VIEWPORT_WIDTH - 48, columns, orientation),
  );
  const [scrollMargin, setScrollMargin] = useState(0);

  const rowCount = Math.ceil(total / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin,
    // The server (and the hydration that must match it) sees the top of the page.
    initialRect: { width: SERVER_VIEWPORT_WIDTH, height: SERVER_VIEWPORT_HEIGHT },
    initialOffset: 0,
  });

  // Where the grid starts on the page and how high a row really is, read from the drawn tiles.
  useBrowserLayoutEffect(() => {
    const sizer = sizerRef.current;
    if (!sizer) return;
    const measure = () => {
      const top = sizer.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) < 0.5 ? current : top));
      const tile = listRef.current?.firstElementChild;
      if (tile) {
        const height = tile.getBoundingClientRect().height + GRID_GAP;
        setRowHeight((current) => (Math.abs(current - height) < 0.5 ? current : height));
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(sizer);
    if (sizer.parentElement) observer.observe(sizer.parentElement);
    return () => observer.disconnect();
  }, [columns, loaded.length > 0]);

  useBrowserLayoutEffect(() => {
    virtualizer.measure();
  }, [rowHeight, columns, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0]?.index ?? 0;
  const lastRow = rows[rows.length - 1]?.index ?? -1;
  const firstTile = firstRow * columns;
  const endTile = Math.min(total, (lastRow + 1) * columns);

  // Ask for the next page while the rows drawn reach within two rows of the end of what is loaded.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && endTile > loaded.length - columns * 2) {
      void fetchNextPage();
    }
  }, [endTile, loaded.length, columns, hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    if (data) onTotal?.(total);
  }, [data, total, onTotal]);

  if (games.isPending) {
    return <GridSkeleton orientation={orientation} tiles={columns * 3} />;
  }
  if (games.isError && loaded.length === 0) {
    return (
      <Notice role="alert">
        <strong>
          <Trans id="casino.hall.loadFailed">We could not load the games.</Trans>
        </strong>
        <Button variant="secondary" onClick={() => void games.refetch()}>
          <Trans id="casino.hall.retry">Try again</Trans>
        </Button>
      </Notice>
    );
  }
  if (total === 0) return <>{empty}</>;

  const offset = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  return (
    <Sizer
      ref={sizerRef}
      style={{ height: virtualizer.getTotalSize() }}
      aria-busy={isFetchingNextPage}
      data-hall-total={total}
    >
      <TileList
        ref={listRef}
        $orientation={orientation}
        aria-label={label}
        style={{ transform: `translateY(${offset}px)` }}
        data-first-tile={firstTile}
      >
        <GridTiles
          games={loaded}
          first={firstTile}
          end={endTile}
          total={total}
          columns={columns}
          orientation={orientation}
          renderTile={renderTile}
        />
      </TileList>
      {games.isError && loaded.length < total ? (
        <Notice role="alert" style={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}>
          <strong>
            {t({ id: 'casino.hall.moreFailed', message: 'We could not load more games.' })}
          </strong>
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            <Trans id="casino.hall.retry">Try again</Trans>
          </Button>
        </Notice>
      ) : null}
    </Sizer>
  );
}
