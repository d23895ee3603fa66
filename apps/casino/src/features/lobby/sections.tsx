import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { localizePath } from '@northstar/i18n';
import {
  apiQueryKey,
  gamehallByCategory,
  routePath,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { fixedImage } from '@northstar/shell-sdk/images';
import { Icon, media, Skeleton } from '@northstar/ui';
import { casinoApi, CASINO_METHODS, type Game, type Jackpot } from '../shared/api.ts';
import { useCategoryLabel } from '../gamehall/category-names.ts';
import { GameTile } from '../shared/game-tile.tsx';
import { useGamesConfig } from '../shared/games-config.ts';
import {
  homeBanners,
  homeCategories,
  inOrder,
  recentlyPlayed,
  type HomeBanner,
} from './lobby-model.ts';
import { LiveAmount, ScrollRow, Section, SectionHead, WinnersList } from './lobby-parts.tsx';
import {
  useGames,
  useJackpotPools,
  useLikes,
  usePlayedRounds,
  useWinners,
} from './lobby-queries.ts';
import { useCategories, useProviderNames, useSignedIn } from '../shared/catalogue-queries.ts';

/**
 * The casino's sections of the home page (`./sections`, slot `homeLobby`, under the shell's
 * hero): the content backend's banners, "continue playing" and favourites for a player, a row per
 * top category, the live jackpots and the latest wins. Every part reads plain queries, so the
 * shell's server render fetches them and the first category row is in the first HTML. Its code
 * stays small (the home page's budget): CSS scroll-snap rows, the shared game tile, no library.
 */

/** Rows of games per category on the home page, and games per row. */
const CATEGORY_ROWS = 4;
const ROW_GAMES = 12;
/** §9: banner fetch count. */
const BANNER_COUNT = 10;

const TILE_WIDTH = 'clamp(148px, 42vw, 208px)';

/** §7 `banners/get` (§9: ten): the operator's main banners with their links. */
const BANNER_PARAMS = { count: BANNER_COUNT } as const;
const bannersQuery = (locale: string) => ({
  queryKey: [...apiQueryKey('banners', 'get', BANNER_PARAMS), locale] as const,
  queryFn: () => casinoApi.send(CASINO_METHODS.banners, BANNER_PARAMS),
  staleTime: 5 * 60_000,
  retry: false,
  // Banners are decoration: a failed read hides them and never shows an error page (§8).
  meta: { softFailure: true },
});

const BannerRow = styled(ScrollRow)`
  grid-auto-columns: min(100%, ${({ theme }) => theme.bannerSizes.mobile.width}px);
  ${media.from('tablet')} {
    grid-auto-columns: 260px;
  }
`;

const BannerCard = styled.figure`
  position: relative;
  margin: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: ${({ theme }) =>
      `${theme.bannerSizes.mobile.width} / ${theme.bannerSizes.mobile.height}`};
    object-fit: cover;
    ${media.from('tablet')} {
      aspect-ratio: ${({ theme }) =>
        `${theme.bannerSizes.tablet.width} / ${theme.bannerSizes.tablet.height}`};
    }
  }
  figcaption {
    position: absolute;
    inset: auto 0 0;
    padding: 28px 14px 12px;
    font-weight: 700;
    background: linear-gradient(180deg, transparent, rgba(4, 7, 15, 0.85));
  }
`;

/** The candidates of one banner size: `/_ipx` at densities 1 and 2, or the address as it is. */
function bannerSet(url: string, width: number, height: number): string {
  const image = fixedImage(url, width, height);
  return image.srcSet ?? image.src;
}

/** One banner in the §9 sizes: 360×240 on phones, 360×520 from tablets up; a link when it has one. */
function Banner({ banner }: { banner: HomeBanner }) {
  const mobile = banner.mobile ?? banner.tablet!;
  const picture = (
    <BannerCard>
      <picture>
        {/* Each of the §9 sizes drawn at densities 1 and 2 (/_ipx). */}
        {banner.tablet ? (
          <source
            media="(min-width: 768px)"
            srcSet={bannerSet(
              banner.tablet.url,
              banner.tablet.width || 360,
              banner.tablet.height || 520,
            )}
          />
        ) : null}
        <img
          {...fixedImage(mobile.url, mobile.width || 360, mobile.height || 240)}
          alt=""
          width={mobile.width || 360}
          height={mobile.height || 240}
          loading="lazy"
          decoding="async"
        />
      </picture>
      {banner.title ? <figcaption>{banner.title}</figcaption> : null}
    </BannerCard>
  );
  if (!banner.link) return picture;
  return /^https:/i.test(banner.link) ? (
    <BannerLink href={banner.link} target="_blank" rel="noopener noreferrer">
      {picture}
    </BannerLink>
  ) : (
    <SiteBannerLink path={banner.link}>{picture}</SiteBannerLink>
  );
}

function SiteBannerLink({ path, children }: { path: string; children: ReactNode }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(localizePath(path, locale));
  return <BannerLink {...link}>{children}</BannerLink>;
}

const BannerLink = styled.a`
  display: block;
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  &:hover figcaption,
  &:focus-visible figcaption {
    text-decoration: underline;
  }
`;

function Banners() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const query = useQuery(bannersQuery(locale));
  const banners = query.data ? homeBanners(query.data, query.dataUpdatedAt) : [];
  if (banners.length === 0) return null;
  return (
    <Section aria-label={t({ id: 'casino.home.bannersLabel', message: 'Offers' })}>
      <BannerRow $item="auto">
        {banners.map((banner) => (
          <li key={banner.id}>
            <Banner banner={banner} />
          </li>
        ))}
      </BannerRow>
    </Section>
  );
}

function RowSkeleton() {
  return (
    <ScrollRow $item={TILE_WIDTH} aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <Skeleton $height="170px" $radius="10px" />
        </li>
      ))}
    </ScrollRow>
  );
}

/** A titled row of game tiles (a category, continue playing, favourites). */
function GameRow({
  id,
  title,
  games,
  seeAll,
  label,
}: {
  id: string;
  title: string;
  games: readonly Game[] | undefined;
  seeAll?: { href: string; label: string };
  label: string;
}) {
  const config = useGamesConfig();
  const names = useProviderNames();
  return (
    <Section aria-labelledby={id} data-home-row={id}>
      <SectionHead id={id} title={title} seeAll={seeAll} />
      {games ? (
        <ScrollRow $item={TILE_WIDTH} aria-label={label}>
          {games.map((game) => (
            <li key={game.sysname}>
              <GameTile
                game={game}
                orientation={config.itemOrientation}
                providerName={names.get(game.provider.sysname)}
              />
            </li>
          ))}
        </ScrollRow>
      ) : (
        <RowSkeleton />
      )}
    </Section>
  );
}

function CategoryRow({ category }: { category: string }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const name = useCategoryLabel()(category);
  const games = useGames({ category, limit: ROW_GAMES, sort: 'popular' }).data?.items;
  return (
    <GameRow
      id={`home-row-${category}`}
      title={name}
      games={games}
      label={name}
      seeAll={{
        href: gamehallByCategory(category, locale),
        label: t({ id: 'casino.home.seeAllCategory', message: `See all: ${name}` }),
      }}
    />
  );
}

function CategoryRows() {
  const categories = useCategories().data?.items;
  if (!categories) {
    return (
      <Section aria-busy="true">
        <Skeleton $height="24px" $width="min(220px, 60%)" />
        <div style={{ height: 12 }} />
        <RowSkeleton />
      </Section>
    );
  }
  return (
    <>
      {homeCategories(categories, CATEGORY_ROWS).map((category) => (
        <CategoryRow key={category} category={category} />
      ))}
    </>
  );
}

/** "Continue playing": the games of the player's last rounds, each once, newest first. */
function ContinuePlaying() {
  const { t } = useLingui();
  const rounds = usePlayedRounds(true).data?.items;
  const sysnames = rounds ? recentlyPlayed(rounds, ROW_GAMES) : null;
  const games = useGames({ sysnames: sysnames ?? [], limit: ROW_GAMES }, !!sysnames?.length);
  if (!sysnames || sysnames.length === 0) return null;
  const title = t({ id: 'casino.home.continueTitle', message: 'Continue playing' });
  return (
    <GameRow
      id="home-row-continue"
      title={title}
      label={title}
      games={games.data ? inOrder(games.data.items, sysnames) : undefined}
    />
  );
}

function Favourites() {
  const { t } = useLingui();
  const likes = useLikes(true).data?.sysnames;
  // The newest favourite first (getLikes lists them in the order they were added).
  const sysnames = likes ? [...likes].reverse().slice(0, ROW_GAMES) : null;
  const games = useGames({ sysnames: sysnames ?? [], limit: ROW_GAMES }, !!sysnames?.length);
  if (!sysnames || sysnames.length === 0) return null;
  const title = t({ id: 'casino.home.favouritesTitle', message: 'Your favourites' });
  return (
    <GameRow
      id="home-row-favourites"
      title={title}
      label={title}
      games={games.data ? inOrder(games.data.items, sysnames) : undefined}
    />
  );
}

const Live = styled.div`
  display: grid;
  gap: 0 24px;
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: start;
  }
`;

const Pools = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  ${media.from('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.from('laptop')} {
    grid-template-columns: none;
  }
`;

const PoolLink = styled.a`
  display: grid;
  gap: 4px;
  padding: 16px 18px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid rgba(245, 184, 65, 0.35);
  background:
    radial-gradient(100% 140% at 100% 0%, rgba(245, 184, 65, 0.18), transparent 60%),
    ${({ theme }) => theme.colors.surface};
  color: inherit;
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  span:first-child {
    display: flex;
    align-items: center;
    gap: 6px;
    font-size: 13px;
    font-weight: 700;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.primary};
  }
  strong {
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 26px;
    font-weight: 800;
    overflow-wrap: anywhere;
  }
`;

function PoolItem({ pool }: { pool: Jackpot }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('jackpot', { id: pool.sysname }, locale));
  return (
    <li>
      <PoolLink {...link} data-jackpot={pool.sysname}>
        <span>
          <Icon name="coins" size={16} />
          {pool.name}
        </span>
        <strong>
          <LiveAmount amount={pool.amount} currency={pool.currency} />
        </strong>
      </PoolLink>
    </li>
  );
}

function JackpotsStrip() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const { pools } = useJackpotPools();
  if (pools && pools.length === 0) return null;
  return (
    <Section aria-labelledby="home-jackpots">
      <SectionHead
        id="home-jackpots"
        title={t({ id: 'casino.home.jackpotsTitle', message: 'Jackpots' })}
        seeAll={{
          href: routePath('jackpots', {}, locale),
          label: t({ id: 'casino.home.seeAllJackpots', message: 'See all jackpots' }),
        }}
      />
      {pools ? (
        <Pools>
          {pools.map((pool) => (
            <PoolItem key={pool.sysname} pool={pool} />
          ))}
        </Pools>
      ) : (
        <Skeleton $height="180px" $radius="16px" />
      )}
    </Section>
  );
}

/** Wins shown on the home page. */
const HOME_WINS = 5;

function RecentWinners() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const wins = useWinners('recent', HOME_WINS);
  if (wins.data && wins.data.items.length === 0) return null;
  return (
    <Section aria-labelledby="home-winners">
      <SectionHead
        id="home-winners"
        title={t({ id: 'casino.home.winnersTitle', message: 'Recent winners' })}
        seeAll={{
          href: routePath('winners', {}, locale),
          label: t({ id: 'casino.home.seeAllWinners', message: 'See all winners' }),
        }}
      />
      {wins.data ? (
        <WinnersList
          wins={wins.data.items}
          fetchedAt={wins.dataUpdatedAt}
          label={t({ id: 'casino.home.winnersTitle', message: 'Recent winners' })}
        />
      ) : (
        <Skeleton $height="240px" $radius="16px" />
      )}
    </Section>
  );
}

/** The home page's lobby sections (default export: the shell's `homeLobby` slot). */
export default function HomeSections() {
  const signedIn = useSignedIn();
  return (
    <div data-remote="casino" data-home-sections="">
      <Banners />
      {signedIn ? <ContinuePlaying /> : null}
      {signedIn ? <Favourites /> : null}
      <CategoryRows />
      <Live>
        <JackpotsStrip />
        <RecentWinners />
      </Live>
    </div>
  );
}
