import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { ButtonLink, media, PageContainer, Skeleton } from '@northstar/ui';
import { GameTile } from '../shared/game-tile.tsx';
import { useGamesConfig } from '../shared/games-config.ts';
import { useProviderNames } from '../shared/catalogue-queries.ts';
import { useGames } from '../lobby/lobby-queries.ts';
import { Lead, LoadError, PageTitle } from '../lobby/lobby-parts.tsx';
import {
  pageCount,
  pageOf,
  tournamentGamesQuery,
  TOURNAMENT_GAMES_PAGE,
} from './tournament-model.ts';
import { useTournament } from './tournament-queries.ts';
import { BackLink, tournamentNotFound } from './tournament-page.tsx';

const Grid = styled.ul`
  list-style: none;
  margin: 24px 0 0;
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
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  margin-top: 24px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function PageLink({ href, rel, children }: { href: string; rel: string; children: ReactNode }) {
  const link = useLinkProps(href);
  return (
    <ButtonLink {...link} rel={rel} variant="secondary">
      {children}
    </ButtonLink>
  );
}

/**
 * `/tournaments/{id}/gamehall` (§2): the games that count in the tournament, 12 a page (§9),
 * the page in the URL (`?page=`, so the server renders it and the back button works).
 */
export function TournamentGamehall({ id }: { id: number }) {
  const { t } = useLingui();
  const { locale, pathname, search } = useShellNavigation();
  const config = useGamesConfig();
  const names = useProviderNames();
  const tournament = useTournament(id);
  const back = useLinkProps(routePath('tournament', { id: String(id) }, locale));
  const page = pageOf(search);
  const games = useGames(
    tournament.data ? tournamentGamesQuery(tournament.data.extra, page) : {},
    Boolean(tournament.data),
  );
  if (tournament.data === null) throw tournamentNotFound();
  const title = tournament.data?.title ?? '';
  const total = games.data?.total ?? 0;
  const pages = pageCount(total);
  const at = (n: number) => (n === 1 ? pathname : `${pathname}?page=${n}`);
  return (
    <PageContainer data-remote="casino" data-page="tournament-gamehall">
      <BackLink {...back}>
        <Trans id="casino.tournamentGamehall.back">← Back to the tournament</Trans>
      </BackLink>
      {tournament.data ? (
        <>
          <PageTitle>
            <Trans id="casino.tournamentGamehall.heading">Games of {title}</Trans>
          </PageTitle>
          <Lead>
            <Trans id="casino.tournamentGamehall.lead">
              Every real-money round on these games counts towards your place.
            </Trans>
          </Lead>
        </>
      ) : tournament.isError ? (
        <LoadError onRetry={() => void tournament.refetch()} />
      ) : (
        <Skeleton $height="40px" $width="min(320px, 80%)" />
      )}
      {games.data ? (
        games.data.items.length > 0 ? (
          <>
            <Grid
              aria-label={t({
                id: 'casino.tournamentGamehall.listLabel',
                message: `Games of ${title}`,
              })}
              data-total={total}
              data-page={page}
            >
              {games.data.items.map((game, index) => (
                <li key={game.sysname}>
                  <GameTile
                    game={game}
                    orientation={config.itemOrientation}
                    eager={index < 4}
                    providerName={names.get(game.provider.sysname)}
                  />
                </li>
              ))}
            </Grid>
            {pages > 1 ? (
              <Pager aria-label={t({ id: 'casino.tournamentGamehall.pages', message: 'Pages' })}>
                {page > 1 ? (
                  <PageLink href={at(page - 1)} rel="prev">
                    <Trans id="casino.tournamentGamehall.prev">Previous</Trans>
                  </PageLink>
                ) : null}
                <span aria-current="page">
                  {t({
                    id: 'casino.tournamentGamehall.pageOf',
                    message: `Page ${page} of ${pages}`,
                  })}
                </span>
                {page < pages ? (
                  <PageLink href={at(page + 1)} rel="next">
                    <Trans id="casino.tournamentGamehall.next">Next</Trans>
                  </PageLink>
                ) : null}
              </Pager>
            ) : null}
          </>
        ) : (
          <Lead>
            <Trans id="casino.tournamentGamehall.empty">
              No game of this tournament is on offer.
            </Trans>
          </Lead>
        )
      ) : games.isError ? (
        <LoadError onRetry={() => void games.refetch()} />
      ) : (
        <Grid aria-hidden="true">
          {Array.from({ length: TOURNAMENT_GAMES_PAGE }, (_, n) => (
            <li key={n}>
              <Skeleton $height="180px" $radius="10px" />
            </li>
          ))}
        </Grid>
      )}
    </PageContainer>
  );
}
