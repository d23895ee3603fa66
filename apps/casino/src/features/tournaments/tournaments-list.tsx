import styled from 'styled-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { imageUrl } from '@northstar/shell-sdk/images';
import { ButtonLink, Icon, media, PageContainer, Skeleton } from '@northstar/ui';
import { Tabs } from '@northstar/ui/forms';
import type { Tournament } from '../shared/api.ts';
import { Lead, LoadError, PageTitle } from '../lobby/lobby-parts.tsx';
import { searchOf, tabOf, TOURNAMENT_TABS, type TournamentTab } from './tournament-model.ts';
import {
  Countdown,
  ParticipateButton,
  PlayerStanding,
  PoolFigure,
  PrizePool,
  ScoringName,
  StatusBadge,
} from './tournament-parts.tsx';
import { useTournaments } from './tournament-queries.ts';

const Hero = styled.header`
  position: relative;
  overflow: hidden;
  padding: 28px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.gradients.hero};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 40px 36px;
  }
  > svg {
    position: absolute;
    right: -12px;
    bottom: -18px;
    width: 160px;
    height: 160px;
    color: rgba(245, 184, 65, 0.18);
    ${media.from('tablet')} {
      width: 220px;
      height: 220px;
    }
  }
  h1 {
    margin: 0;
  }
`;

const Toolbar = styled.div`
  margin: 24px 0 20px;
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  ${media.from('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.from('laptop')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 20px;
  }
`;

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  border-radius: ${({ theme }) => theme.radii.xl};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  transition: border-color 0.15s ease;
  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
`;

/** The card's banner: the operator's image, or the brand's gradient with a trophy. */
const Banner = styled.div<{ $image: string | null }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  min-height: 120px;
  padding: 14px;
  background: ${({ $image, theme }) =>
    $image
      ? `linear-gradient(180deg, rgba(10,14,26,0.1), rgba(10,14,26,0.7)), center / cover no-repeat url(${JSON.stringify($image)})`
      : theme.gradients.hero};
  > svg {
    position: absolute;
    right: 14px;
    bottom: 10px;
    width: 72px;
    height: 72px;
    color: rgba(245, 184, 65, 0.55);
  }
`;

const Tag = styled.span`
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(10, 14, 26, 0.6);
  color: ${({ theme }) => theme.colors.text};
  font-size: 12px;
  font-weight: 700;
`;

const Body = styled.div`
  display: grid;
  gap: 12px;
  flex: 1;
  align-content: start;
  padding: 16px 18px 18px;
  h2 {
    margin: 0;
    font-size: 20px;
    line-height: 1.25;
  }
  h2 a {
    color: inherit;
    text-decoration: none;
  }
  h2 a:hover {
    text-decoration: underline;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 2px 0 0;
    font-weight: 700;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  margin-top: auto;
  padding: 0 18px 18px;
`;

const PoolLabel = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

function TournamentCard({ tournament, since }: { tournament: Tournament; since: number }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const href = routePath('tournament', { id: String(tournament.id) }, locale);
  const title = useLinkProps(href);
  const details = useLinkProps(href);
  const name = tournament.title;
  const headingId = `tournament-${tournament.id}-title`;
  return (
    <Card aria-labelledby={headingId} data-tournament={tournament.id}>
      <Banner $image={tournament.image_url && imageUrl(tournament.image_url, { w: 768 })}>
        <StatusBadge status={tournament.status} />
        {tournament.tags.includes('slots') ? (
          <Tag>
            <Trans id="casino.tournaments.tag.slots">Slots</Trans>
          </Tag>
        ) : null}
        <Icon name="trophy" />
      </Banner>
      <Body>
        <h2 id={headingId}>
          <a {...title}>{tournament.title}</a>
        </h2>
        <div>
          <PoolLabel>
            <Trans id="casino.tournaments.prizePool">Prize pool</Trans>
          </PoolLabel>
          <PoolFigure>
            <PrizePool tournament={tournament} />
          </PoolFigure>
        </div>
        <Facts>
          <div>
            <dt>
              <Trans id="casino.tournaments.scoring">How to win</Trans>
            </dt>
            <dd>
              <ScoringName scoring={tournament.extra.scoring} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans id="casino.tournaments.players">Players</Trans>
            </dt>
            <dd>{tournament.total_participants}</dd>
          </div>
        </Facts>
        <Countdown tournament={tournament} since={since} />
        <PlayerStanding tournament={tournament} />
      </Body>
      <Actions>
        <ButtonLink
          {...details}
          variant="secondary"
          aria-label={t({ id: 'casino.tournaments.detailsLabel', message: `Details: ${name}` })}
        >
          <Trans id="casino.tournaments.details">Details</Trans>
        </ButtonLink>
        <ParticipateButton tournament={tournament} />
      </Actions>
    </Card>
  );
}

function EmptyTab({ tab }: { tab: TournamentTab }) {
  return (
    <p data-empty={tab}>
      {tab === 'active' ? (
        <Trans id="casino.tournaments.empty.active">
          No tournament is running right now. Have a look at the coming ones.
        </Trans>
      ) : tab === 'future' ? (
        <Trans id="casino.tournaments.empty.future">No tournament is announced yet.</Trans>
      ) : tab === 'finished' ? (
        <Trans id="casino.tournaments.empty.finished">No tournament has finished yet.</Trans>
      ) : (
        <Trans id="casino.tournaments.empty.all">There are no tournaments yet.</Trans>
      )}
    </p>
  );
}

const STATUS_ORDER: Record<Tournament['status'], number> = { active: 0, future: 1, finished: 2 };

/**
 * `/tournaments` (§2, §3 lists all, future, active, finished): the tabs (the URL's `?status=`,
 * so the server renders the chosen one), each tournament's prize pool, countdown, players and the
 * signed-in player's place, and the participate button (§4).
 */
export function TournamentsList() {
  const { t } = useLingui();
  const { pathname, search, navigate } = useShellNavigation();
  const tab = tabOf(search);
  const list = useTournaments(tab);
  const labels: Record<TournamentTab, string> = {
    all: t({ id: 'casino.tournaments.tab.all', message: 'All' }),
    active: t({ id: 'casino.tournaments.tab.active', message: 'Live now' }),
    future: t({ id: 'casino.tournaments.tab.future', message: 'Coming' }),
    finished: t({ id: 'casino.tournaments.tab.finished', message: 'Finished' }),
  };
  // "All" shows the live ones first, then the coming, then the finished (the API lists by start).
  const items = list.data?.items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => STATUS_ORDER[a.item.status] - STATUS_ORDER[b.item.status] || a.index - b.index)
    .map(({ item }) => item);
  return (
    <PageContainer data-remote="casino" data-page="tournaments">
      <Hero>
        <Icon name="trophy" aria-hidden="true" />
        <PageTitle>
          <Trans id="casino.tournaments.title">Tournaments</Trans>
        </PageTitle>
        <Lead>
          <Trans id="casino.tournaments.lead">
            Play the tournament games, climb the live leaderboard and win a share of the prize pool.
            Prizes are paid to your balance when a tournament ends.
          </Trans>
        </Lead>
      </Hero>
      <Toolbar>
        <Tabs
          label={t({ id: 'casino.tournaments.tabsLabel', message: 'Tournaments by status' })}
          items={TOURNAMENT_TABS.map((id) => ({ id, label: labels[id] }))}
          value={tab}
          onChange={(next) => navigate(`${pathname}${searchOf(next)}`, { replace: true })}
        />
      </Toolbar>
      {/* No live region: the countdowns inside tick every second and would be read out. */}
      <section aria-label={labels[tab]} aria-busy={list.isFetching && !items ? true : undefined}>
        {items ? (
          items.length > 0 ? (
            <>
              <p style={{ margin: '0 0 12px', color: 'inherit', opacity: 0.75, fontSize: 14 }}>
                <Plural
                  id="casino.tournaments.count"
                  value={list.data!.total}
                  one="# tournament"
                  other="# tournaments"
                />
              </p>
              <Grid>
                {items.map((item) => (
                  <li key={item.id}>
                    <TournamentCard tournament={item} since={list.dataUpdatedAt} />
                  </li>
                ))}
              </Grid>
            </>
          ) : (
            <EmptyTab tab={tab} />
          )
        ) : list.isError ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : (
          <Grid aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <li key={n}>
                <Skeleton $height="360px" $radius="24px" />
              </li>
            ))}
          </Grid>
        )}
      </section>
    </PageContainer>
  );
}
