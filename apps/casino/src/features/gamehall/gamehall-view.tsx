import { useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { openAuthDialog, routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, Icon, media, PageContainer } from '@northstar/ui';
import { CASINO_METHODS, casinoApi, type Game } from '../shared/api.ts';
import { useGamesConfig, type GamesConfig } from '../shared/games-config.ts';
import { openGamesSearch } from '../search/open-search.tsx';
import { SearchIcon } from '../search/search-icon.tsx';
import { useFavouriteList } from '../favourites/use-favourites.ts';
import { useCategoryLabel } from './category-names.ts';
import { GameGrid, HallNotice } from './game-grid.tsx';
import { GridSkeleton, TileList } from './tile-skeleton.tsx';
import { ChipsSkeleton, HallFallbackBody } from './hall-fallback.tsx';
import { CategoryChips, ProviderChips, SortSelect, useFilterNavigation } from './hall-filters.tsx';
import {
  DEFAULT_HALL_FILTER,
  HALL_COLLECTIONS,
  isFiltered,
  knownHallFilter,
  parseHallFilter,
  resolveHallView,
  type HallFilter,
} from './hall-filter.ts';
import { useCategories, useProviders, useSignedIn } from '../shared/catalogue-queries.ts';
import { useHallTile } from './hall-tile.tsx';
import { CategoryRows } from './category-rows.tsx';

const Head = styled.header`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 20px;
  h1 {
    margin: 0;
    font-size: 28px;
    ${media.from('tablet')} {
      font-size: 36px;
    }
  }
  p {
    margin: 6px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Toolbar = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 20px;
  min-width: 0;
`;

const ToolbarEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Count = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  min-height: 20px;
`;

const SearchButton = styled(Button)`
  flex: none;
  ${media.below('tablet')} {
    padding: 0 14px;
    span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;

const HeadActions = styled.div`
  display: flex;
  gap: 8px;
  flex: none;
`;

const FavouritesLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  font-size: 15px;
  text-decoration: none;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  &:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${media.below('tablet')} {
    padding: 0 13px;
    span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;

/** A signed-in player's way to their favourites (`/gamehall/favourites`). */
function FavouritesShortcut() {
  const { locale } = useShellNavigation();
  const { favouriteIcon } = useGamesConfig();
  const link = useLinkProps(routePath('gamehallItem', { id: HALL_COLLECTIONS.favourites }, locale));
  return (
    <FavouritesLink {...link}>
      <Icon name={favouriteIcon} size={18} />
      <span>
        <Trans id="casino.favourites.title">Favourites</Trans>
      </span>
    </FavouritesLink>
  );
}

function PageHead({
  title,
  lead,
  favourites = true,
}: {
  title: ReactNode;
  lead?: ReactNode;
  favourites?: boolean;
}) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const label = t({ id: 'casino.search.title', message: 'Search games' });
  return (
    <Head>
      <div>
        <h1>{title}</h1>
        {lead ? <p>{lead}</p> : null}
      </div>
      <HeadActions>
        {signedIn && favourites ? <FavouritesShortcut /> : null}
        <SearchButton
          variant="secondary"
          onClick={() => openGamesSearch(label)}
          aria-haspopup="dialog"
          data-testid="open-games-search"
        >
          <SearchIcon size={18} />
          <span>{label}</span>
        </SearchButton>
      </HeadActions>
    </Head>
  );
}

function HallCount({ total }: { total: number | null }) {
  return (
    <Count aria-live="polite">
      {total === null ? null : (
        <Plural id="casino.hall.count" value={total} one="# game" other="# games" />
      )}
    </Count>
  );
}

function useProviderList(config: GamesConfig) {
  const { data } = useProviders();
  return useMemo(() => {
    const items = (data?.items ?? []) as { sysname: string; name: string }[];
    // The games config's providers first, in its order; the rest by name (§3).
    const rank = (sysname: string) => {
      const i = config.providers.indexOf(sysname);
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    return [...items].sort(
      (a, b) => rank(a.sysname) - rank(b.sysname) || a.name.localeCompare(b.name),
    );
  }, [data, config.providers]);
}

function EmptyFilter() {
  const { go } = useFilterNavigation();
  return (
    <HallNotice>
      <strong>
        <Trans id="casino.hall.empty">No games match these filters.</Trans>
      </strong>
      <Button variant="secondary" onClick={() => go(DEFAULT_HALL_FILTER)}>
        <Trans id="casino.hall.clearFilters">Clear the filters</Trans>
      </Button>
    </HallNotice>
  );
}

/** The filters and the grid of a hall (the whole catalogue, or a provider's). */
function FilteredHall({
  filter,
  config,
  fixedProvider,
  label,
}: {
  filter: HallFilter;
  config: GamesConfig;
  fixedProvider?: string;
  label: string;
}) {
  const categories = useCategories().data?.items as
    { sysname: string; count: number }[] | undefined;
  const providers = useProviderList(config);
  const renderTile = useHallTile();
  const [total, setTotal] = useState<number | null>(null);
  const known = knownHallFilter(filter, {
    categories: categories?.map((c) => c.sysname),
    providers: providers.length > 0 ? providers.map((p) => p.sysname) : undefined,
  });
  const query = {
    category: known.category ?? undefined,
    providers: fixedProvider ? [fixedProvider] : [...known.providers],
    sort: known.sort,
  };
  return (
    <>
      <Toolbar>
        {categories ? <CategoryChips filter={known} categories={categories} /> : <ChipsSkeleton />}
        {fixedProvider ? null : providers.length > 0 ? (
          <ProviderChips filter={known} providers={providers} />
        ) : (
          <ChipsSkeleton />
        )}
        <ToolbarEnd>
          <HallCount total={total} />
          <SortSelect filter={known} />
        </ToolbarEnd>
      </Toolbar>
      <GameGrid
        query={query}
        orientation={config.itemOrientation}
        label={label}
        renderTile={renderTile}
        empty={<EmptyFilter />}
        onTotal={setTotal}
      />
    </>
  );
}

function MainHall({ config }: { config: GamesConfig }) {
  const { t } = useLingui();
  const { search } = useShellNavigation();
  const filter = parseHallFilter(search);
  const title = t({ id: 'casino.gamehall.title', message: 'Game hall' });
  const label = useCategoryLabel();
  const rows = config.hallType === 'categories' && !isFiltered(filter);
  return (
    <>
      <PageHead
        title={title}
        lead={
          <Trans id="casino.hall.lead">
            Slots, tables and provably fair games from every studio.
          </Trans>
        }
      />
      {rows ? (
        <CategoryRows config={config} />
      ) : (
        <FilteredHall
          filter={filter}
          config={config}
          label={filter.category ? label(filter.category) : title}
        />
      )}
    </>
  );
}

function AllGames({ config }: { config: GamesConfig }) {
  const { t } = useLingui();
  const { search } = useShellNavigation();
  const title = t({ id: 'casino.hall.allGames', message: 'All games' });
  return (
    <>
      <PageHead title={title} />
      <FilteredHall filter={parseHallFilter(search)} config={config} label={title} />
    </>
  );
}

function ProviderHall({
  config,
  sysname,
  name,
}: {
  config: GamesConfig;
  sysname: string;
  name: string;
}) {
  const { search } = useShellNavigation();
  const filter = { ...parseHallFilter(search), providers: [sysname] };
  return (
    <>
      <PageHead
        title={name}
        lead={<Trans id="casino.hall.providerLead">Every game from {name}.</Trans>}
      />
      <FilteredHall filter={filter} config={config} fixedProvider={sysname} label={name} />
    </>
  );
}

/** games/get by sysnames takes at most 100 at a time (contract). */
const FAVOURITES_PAGE = 100;

function FavouritesHall({ config }: { config: GamesConfig }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const { favourites } = useFavouriteList();
  const renderTile = useHallTile();
  const title = t({ id: 'casino.favourites.title', message: 'Favourites' });
  const hall = useLinkProps(routePath('gamehall'));
  const list = favourites ?? [];
  const chunks = Math.ceil(list.length / FAVOURITES_PAGE);
  const games = useQuery({
    queryKey: ['casino', 'favourite-games', list],
    enabled: signedIn && favourites !== undefined && list.length > 0,
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        Array.from({ length: chunks }, (_, i) =>
          casinoApi.send(
            CASINO_METHODS.games,
            {
              options: JSON.stringify({
                sysnames: list.slice(i * FAVOURITES_PAGE, (i + 1) * FAVOURITES_PAGE),
                limit: FAVOURITES_PAGE,
              }),
            },
            { signal },
          ),
        ),
      );
      const bySysname = new Map(
        pages.flatMap((p) => (p.items as Game[]).map((g) => [g.sysname, g])),
      );
      // Newest favourite first; a game taken out of the catalogue is left out.
      return [...list].reverse().flatMap((s) => bySysname.get(s) ?? []);
    },
    placeholderData: (previous) => previous?.filter((g) => list.includes(g.sysname)),
  });

  let body: ReactNode;
  if (!signedIn) {
    body = (
      <HallNotice>
        <strong>
          <Trans id="casino.favourites.signIn">Sign in to keep your favourite games here.</Trans>
        </strong>
        <Button onClick={() => void openAuthDialog('authorization')}>
          <Trans id="casino.favourites.signInButton">Sign in</Trans>
        </Button>
      </HallNotice>
    );
  } else if (favourites === undefined || (list.length > 0 && games.isPending)) {
    body = <GridSkeleton orientation={config.itemOrientation} tiles={6} />;
  } else if (list.length === 0) {
    body = (
      <HallNotice>
        <strong>
          <Trans id="casino.favourites.empty">No favourites yet.</Trans>
        </strong>
        <p>
          <Trans id="casino.favourites.emptyHint">
            Press the heart on any game to keep it here.
          </Trans>
        </p>
        <a {...hall}>
          <Trans id="casino.hall.backToHall">Back to the game hall</Trans>
        </a>
      </HallNotice>
    );
  } else {
    body = (
      <TileList aria-label={title} $orientation={config.itemOrientation}>
        {(games.data ?? []).map((game, i) => (
          <li key={game.sysname}>{renderTile(game, i < 6)}</li>
        ))}
      </TileList>
    );
  }
  return (
    <>
      <PageHead title={title} favourites={false} />
      {body}
    </>
  );
}

/**
 * What `/gamehall/{id}` throws for an id that is no studio nor collection: a route error with
 * status 404, which the shell's route boundary draws as its not-found page (§2, §8; as the game
 * page does). The platform answers a first request for it with the same page and a 404 status.
 */
function hallNotFound(id: string): Error & { status: number } {
  return Object.assign(new Error(`There is no game hall ${id}`), { status: 404 });
}

/** The providers could not be read: we cannot tell a studio from an unknown id yet. */
function ProvidersFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <PageHead title={t({ id: 'casino.gamehall.title', message: 'Game hall' })} />
      <HallNotice role="alert">
        <strong>
          <Trans id="casino.hall.loadFailed">We could not load the games.</Trans>
        </strong>
        <Button variant="secondary" onClick={onRetry}>
          <Trans id="casino.hall.retry">Try again</Trans>
        </Button>
      </HallNotice>
    </>
  );
}

/** `/gamehall` and `/gamehall/{id}` (hall-filter.ts `HallView`: what an id shows). */
export function GamehallView({ id }: { id?: string }) {
  const config = useGamesConfig();
  const providers = useProviders();
  const view = resolveHallView(
    id,
    providers.data?.items as { sysname: string; name: string }[] | undefined,
    providers.isError,
  );

  let body: ReactNode;
  switch (view?.kind) {
    case undefined:
      body = <HallFallbackBody orientation={config.itemOrientation} />;
      break;
    case 'hall':
      body = <MainHall config={config} />;
      break;
    case 'all':
      body = <AllGames config={config} />;
      break;
    case 'favourites':
      body = <FavouritesHall config={config} />;
      break;
    case 'provider':
      body = <ProviderHall config={config} sysname={view.sysname} name={view.name} />;
      break;
    case 'unknown':
      throw hallNotFound(view.id);
    case 'failed':
      body = <ProvidersFailed onRetry={() => void providers.refetch()} />;
      break;
  }
  return <PageContainer data-remote="casino">{body}</PageContainer>;
}
