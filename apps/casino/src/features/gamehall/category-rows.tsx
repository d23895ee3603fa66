import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import {
  gamehallByCategory,
  routePath,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { Skeleton } from '@northstar/ui';
import { CASINO_METHODS, casinoApi, casinoKey, type Game, type GamesQuery } from '../shared/api.ts';
import type { GamesConfig } from '../shared/games-config.ts';
import { useCategoryLabel } from './category-names.ts';
import { GameTileSkeleton } from './tile-skeleton.tsx';
import { CategoryChips } from './hall-filters.tsx';
import { DEFAULT_HALL_FILTER, HALL_COLLECTIONS } from './hall-filter.ts';
import { useCategories } from '../shared/catalogue-queries.ts';
import { useHallTile } from './hall-tile.tsx';

/** Games in a category's row; the rest are one click away in its filtered hall. */
export const ROW_GAMES = 12;
/** Rows the server renders with their games (the first screen); the others load when near. */
const EAGER_ROWS = 2;

const rowQuery = (category: string) => ({
  queryKey: casinoKey('games', { category, limit: ROW_GAMES }),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    casinoApi.send(
      CASINO_METHODS.games,
      { options: JSON.stringify({ category, limit: ROW_GAMES } satisfies GamesQuery) },
      { signal },
    ),
  staleTime: 60_000,
});

const Section = styled.section`
  margin-top: 28px;
  min-width: 0;
`;

const RowHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
    font-size: 20px;
  }
  a {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    font-size: 14px;
    text-decoration: none;
    &:hover {
      text-decoration: underline;
    }
  }
`;

/** A row that scrolls sideways inside itself (the page never does, even at 375 px). */
const Strip = styled.ul<{ $orientation: GamesConfig['itemOrientation'] }>`
  list-style: none;
  margin: 0;
  padding: 2px 2px 10px;
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: ${({ $orientation }) =>
    $orientation === 'vertical' ? 'clamp(120px, 30vw, 168px)' : 'clamp(152px, 42vw, 220px)'};
  gap: 12px;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  > li {
    scroll-snap-align: start;
    min-width: 0;
  }
`;

const AllLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/** Whether the element has come near the viewport (then its row loads); false on the server. */
function useNear(eager: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

function CategoryRow({
  category,
  count,
  index,
  config,
}: {
  category: string;
  count: number;
  index: number;
  config: GamesConfig;
}) {
  const label = useCategoryLabel()(category);
  const { locale } = useShellNavigation();
  const all = useLinkProps(gamehallByCategory(category, locale));
  const { ref, near } = useNear(index < EAGER_ROWS);
  const games = useQuery({ ...rowQuery(category), enabled: near });
  const renderTile = useHallTile();
  const headingId = `hall-row-${category}`;
  const items = (games.data?.items ?? []) as Game[];
  return (
    <Section ref={ref} aria-labelledby={headingId} data-category-row={category}>
      <RowHead>
        <h2 id={headingId}>{label}</h2>
        <a {...all}>
          <Trans id="casino.hall.seeAll">See all {count}</Trans>
        </a>
      </RowHead>
      <Strip $orientation={config.itemOrientation} aria-label={label}>
        {games.data
          ? items.map((game, i) => (
              <li key={game.sysname}>{renderTile(game, index === 0 && i < 6)}</li>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              <li key={i} aria-hidden="true">
                <GameTileSkeleton orientation={config.itemOrientation} />
              </li>
            ))}
      </Strip>
    </Section>
  );
}

/** The categories hall (games config `hallType: categories`): chips, then a row per category. */
export function CategoryRows({ config }: { config: GamesConfig }) {
  const { locale } = useShellNavigation();
  const categories = useCategories();
  const allGames = useLinkProps(routePath('gamehallItem', { id: HALL_COLLECTIONS.all }, locale));
  const items = (categories.data?.items ?? []) as { sysname: string; count: number }[];
  if (!categories.data) {
    return (
      <div aria-busy="true">
        <Skeleton $height="36px" $radius="999px" />
        {[0, 1].map((i) => (
          <Section key={i} aria-hidden="true">
            <Skeleton $height="22px" $width="160px" style={{ marginBottom: 12 }} />
            <Skeleton $height="180px" $radius="10px" />
          </Section>
        ))}
      </div>
    );
  }
  return (
    <>
      <CategoryChips filter={DEFAULT_HALL_FILTER} categories={items} />
      <AllLink {...allGames}>
        <Trans id="casino.hall.allGamesLink">Every game in one grid</Trans>
        <span aria-hidden="true">&nbsp;→</span>
      </AllLink>
      {items.map((c, index) => (
        <CategoryRow
          key={c.sysname}
          category={c.sysname}
          count={c.count}
          index={index}
          config={config}
        />
      ))}
    </>
  );
}
