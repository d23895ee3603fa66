import { useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '@northstar/i18n/format';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, Icon, media, PageContainer, Skeleton } from '@northstar/ui';
import type { Jackpot } from '../shared/api.ts';
import { GameTile } from '../shared/game-tile.tsx';
import { useGamesConfig } from '../shared/games-config.ts';
import {
  Lead,
  LiveAmount,
  ListStates,
  LoadError,
  PageTitle,
  Section,
  SectionHead,
  WinnersList,
} from './lobby-parts.tsx';
import { useGames, useJackpotPools, useJackpotWinners } from './lobby-queries.ts';
import { useProviderNames } from '../shared/catalogue-queries.ts';

const Pools = styled.ul`
  list-style: none;
  margin: 24px 0 0;
  padding: 0;
  display: grid;
  gap: 16px;
  ${media.from('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const PoolCard = styled.div`
  position: relative;
  display: grid;
  gap: 8px;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid rgba(245, 184, 65, 0.35);
  background:
    radial-gradient(100% 120% at 100% 0%, rgba(245, 184, 65, 0.2), transparent 60%),
    radial-gradient(90% 120% at 0% 100%, rgba(139, 108, 255, 0.25), transparent 60%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 32px 28px;
  }
`;

export const PoolName = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  font-size: 14px;
  text-transform: uppercase;
  letter-spacing: 0.12em;
  color: ${({ theme }) => theme.colors.primary};
`;

export const PoolAmount = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 800;
  font-size: 34px;
  line-height: 1.1;
  overflow-wrap: anywhere;
  background: ${({ theme }) => theme.gradients.gold};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
  ${media.from('tablet')} {
    font-size: 44px;
  }
`;

const PoolFoot = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const PoolLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

function FedBy({ count }: { count: number }) {
  const { locale } = useShellNavigation();
  const games = formatAmount(count, locale);
  return <Trans id="casino.jackpots.fedBy">Fed by {games} games</Trans>;
}

function PoolItem({ pool }: { pool: Jackpot }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('jackpot', { id: pool.sysname }, locale));
  const name = pool.name;
  return (
    <li>
      <PoolCard data-jackpot={pool.sysname}>
        <PoolName>
          <Icon name="coins" size={18} />
          {pool.name}
        </PoolName>
        <PoolAmount>
          <LiveAmount amount={pool.amount} currency={pool.currency} />
        </PoolAmount>
        <PoolFoot>
          <span>
            <FedBy count={pool.games_count} />
          </span>
          <PoolLink
            {...link}
            aria-label={t({ id: 'casino.jackpots.openLabel', message: `See the games: ${name}` })}
          >
            <Trans id="casino.jackpots.open">See the games</Trans>
          </PoolLink>
        </PoolFoot>
      </PoolCard>
    </li>
  );
}

/** How many wins the jackpot pages list. */
const WINS_SHOWN = 10;

function JackpotWins({ jackpot }: { jackpot: string | null }) {
  const { t } = useLingui();
  const wins = useJackpotWinners(jackpot, WINS_SHOWN);
  return (
    <Section aria-labelledby="jackpot-wins">
      <SectionHead
        id="jackpot-wins"
        title={<Trans id="casino.jackpots.winsTitle">Latest jackpot wins</Trans>}
      />
      <ListStates
        query={wins}
        height="180px"
        empty={
          jackpot ? (
            <Trans id="casino.jackpots.noWins">
              Nobody has won this yet. Every real-money spin on its games could.
            </Trans>
          ) : (
            <Trans id="casino.jackpots.noWinsAny">
              No jackpot has been won yet. Every real-money spin on a jackpot game could.
            </Trans>
          )
        }
      >
        {(items) => (
          <WinnersList
            wins={items}
            fetchedAt={wins.dataUpdatedAt}
            label={t({ id: 'casino.jackpots.winsLabel', message: 'Latest jackpot wins' })}
          />
        )}
      </ListStates>
    </Section>
  );
}

/** `/jackpots`: every pool, live, and the latest jackpot wins. */
export function JackpotsPage() {
  const { t } = useLingui();
  const { pools, isError, refetch } = useJackpotPools();
  return (
    <PageContainer data-remote="casino">
      <PageTitle>
        <Trans id="casino.jackpots.title">Jackpots</Trans>
      </PageTitle>
      <Lead>
        <Trans id="casino.jackpots.lead">
          Every real-money stake on a jackpot game grows its pool, and any spin can win it all.
        </Trans>
      </Lead>
      {pools ? (
        <Pools aria-label={t({ id: 'casino.jackpots.listLabel', message: 'Jackpot pools' })}>
          {pools.map((pool) => (
            <PoolItem key={pool.sysname} pool={pool} />
          ))}
        </Pools>
      ) : isError ? (
        <div style={{ marginTop: 24 }}>
          <LoadError onRetry={() => void refetch()} />
        </div>
      ) : (
        <Pools aria-busy="true">
          <li>
            <Skeleton $height="200px" $radius="24px" />
          </li>
          <li>
            <Skeleton $height="200px" $radius="24px" />
          </li>
        </Pools>
      )}
      <JackpotWins jackpot={null} />
    </PageContainer>
  );
}

const BackLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  margin-bottom: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const GamesGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.from('tablet')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 16px;
  }
  ${media.from('laptop')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  ${media.from('largeLaptop')} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 20px;
`;

/** Games per "show more" on a jackpot's page. */
const GAMES_PAGE = 20;

/** A page's route error: the shell's route boundary shows its not-found page (§8 "a route"). */
class JackpotNotFound extends Error {
  readonly status = 404;
  constructor(id: string) {
    super(`no jackpot ${id}`);
  }
}

function FeedingGames({ jackpot }: { jackpot: string }) {
  const { t } = useLingui();
  const [limit, setLimit] = useState(GAMES_PAGE);
  const config = useGamesConfig();
  const names = useProviderNames();
  const games = useGames({ jackpot, limit, sort: 'popular' });
  const total = games.data?.total ?? 0;
  return (
    <Section aria-labelledby="jackpot-games">
      <SectionHead
        id="jackpot-games"
        title={<Trans id="casino.jackpot.gamesTitle">Games that feed this jackpot</Trans>}
      />
      {games.data ? (
        <>
          <GamesGrid
            aria-label={t({
              id: 'casino.jackpot.gamesLabel',
              message: 'Games that feed this jackpot',
            })}
            data-total={total}
          >
            {games.data.items.map((game, index) => (
              <li key={game.sysname}>
                <GameTile
                  game={game}
                  orientation={config.itemOrientation}
                  eager={index < 5}
                  providerName={names.get(game.provider.sysname)}
                />
              </li>
            ))}
          </GamesGrid>
          {games.data.items.length < total ? (
            <More>
              <Button
                variant="secondary"
                disabled={games.isFetching}
                onClick={() => setLimit((n) => Math.min(200, n + GAMES_PAGE))}
              >
                <Trans id="casino.jackpot.more">Show more games</Trans>
              </Button>
            </More>
          ) : null}
        </>
      ) : games.isError ? (
        <LoadError onRetry={() => void games.refetch()} />
      ) : (
        <Skeleton $height="240px" $radius="16px" />
      )}
    </Section>
  );
}

/** `/jackpots/{id}`: one jackpot (its sysname), live, the games that feed it and its wins. */
export function JackpotPage({ id }: { id: string }) {
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('jackpots', {}, locale));
  const { pools, isError, refetch } = useJackpotPools();
  const pool = pools?.find((p) => p.sysname === id);
  // The platform answers an unknown id's first load with its 404 page; this covers a visit
  // from inside the site.
  if (pools && !pool) throw new JackpotNotFound(id);
  return (
    <PageContainer data-remote="casino">
      <BackLink {...back}>
        <Trans id="casino.jackpot.back">← All jackpots</Trans>
      </BackLink>
      {pool ? (
        <PoolCard data-jackpot={pool.sysname}>
          <PageTitle as="h1" style={{ margin: 0 }}>
            {pool.name}
          </PageTitle>
          <PoolAmount>
            <LiveAmount amount={pool.amount} currency={pool.currency} />
          </PoolAmount>
          <Lead style={{ margin: 0 }}>
            <FedBy count={pool.games_count} />.{' '}
            <Trans id="casino.jackpot.how">
              A share of every real-money stake on these games goes into the pool; any spin can win
              it all.
            </Trans>
          </Lead>
        </PoolCard>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <Skeleton $height="200px" $radius="24px" />
      )}
      <FeedingGames jackpot={id} />
      <JackpotWins jackpot={id} />
    </PageContainer>
  );
}
