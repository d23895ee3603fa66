import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTimeAtFixedOffset } from '@northstar/i18n/format';
import { formatCurrency } from '@northstar/i18n/format';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { imageUrl } from '@northstar/shell-sdk/images';
import { ButtonLink, Icon, media, PageContainer, Skeleton } from '@northstar/ui';
import type { Tournament } from '../shared/api.ts';
import { LoadError, PageTitle } from '../lobby/lobby-parts.tsx';
import {
  Countdown,
  ParticipateButton,
  PlaceMark,
  PlayerStanding,
  PoolFigure,
  PrizePool,
  PrizeText,
  ScoringName,
  StatusBadge,
} from './tournament-parts.tsx';
import { useTournament } from './tournament-queries.ts';

// The board sits under the tournament's head on a phone: its code is its own chunk (rendered on
// the server all the same: React.lazy under Suspense streams with the page).
const LiveLeaderboard = lazy(() =>
  import('./live-leaderboard.tsx').then((m) => ({ default: m.LiveLeaderboard })),
);

/** What a page whose own validation fails throws (§2): the shell draws its 404 page. */
export function tournamentNotFound(): Error & { status: number } {
  return Object.assign(new Error('There is no such tournament'), { status: 404 });
}

export const BackLink = styled.a`
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

const Hero = styled.header<{ $image: string | null }>`
  position: relative;
  overflow: hidden;
  display: grid;
  gap: 16px;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid rgba(245, 184, 65, 0.35);
  background: ${({ $image, theme }) =>
    $image
      ? `linear-gradient(90deg, rgba(10,14,26,0.92), rgba(10,14,26,0.55)), center / cover no-repeat url(${JSON.stringify($image)})`
      : theme.gradients.hero};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
    align-items: end;
    padding: 40px 36px;
  }
  > svg {
    position: absolute;
    right: -20px;
    top: -20px;
    width: 200px;
    height: 200px;
    color: rgba(245, 184, 65, 0.12);
  }
`;

const HeroText = styled.div`
  position: relative;
  display: grid;
  gap: 12px;
  justify-items: start;
  h1 {
    margin: 0;
  }
  p {
    margin: 0;
    max-width: 620px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const HeroSide = styled.div`
  position: relative;
  display: grid;
  gap: 14px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(10, 14, 26, 0.55);
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Label = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;
  margin-top: 28px;
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 1.5fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Panel = styled.div`
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0 0 12px;
    font-size: 20px;
  }
  & + & {
    margin-top: 24px;
  }
`;

const Prizes = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  li strong {
    margin-left: auto;
    text-align: right;
  }
`;

const Rules = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 2px 0 0;
    font-weight: 600;
  }
`;

function PrizeTable({ tournament }: { tournament: Tournament }) {
  return (
    <Panel as="section" aria-labelledby="tournament-prizes">
      <h2 id="tournament-prizes">
        <Trans id="casino.tournament.prizes">Prizes</Trans>
      </h2>
      <Prizes>
        {tournament.prizes.map((prize) => (
          <li key={prize.place} data-prize-place={prize.place}>
            <PlaceMark place={prize.place} />
            <strong>
              <PrizeText prize={prize} />
            </strong>
          </li>
        ))}
      </Prizes>
    </Panel>
  );
}

function RulesPanel({ tournament }: { tournament: Tournament }) {
  const { t, i18n } = useLingui();
  const joiner = t({ id: 'casino.tournaments.dateJoiner', message: 'at' });
  const minStake = formatCurrency(
    tournament.extra.min_stake.amount,
    tournament.extra.min_stake.currency,
    i18n.locale,
  );
  const starts = formatDateTimeAtFixedOffset(tournament.starts_at, { joiner });
  const ends = formatDateTimeAtFixedOffset(tournament.ends_at, { joiner });
  const { countries, currencies, new_players_days: days } = tournament.restrictions;
  return (
    <Panel as="section" aria-labelledby="tournament-rules">
      <h2 id="tournament-rules">
        <Trans id="casino.tournament.rules">Rules</Trans>
      </h2>
      <Rules>
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
            <Trans id="casino.tournament.minStake">Smallest stake that counts</Trans>
          </dt>
          <dd>{minStake}</dd>
        </div>
        <div>
          <dt>
            <Trans id="casino.tournament.when">When (UTC+3)</Trans>
          </dt>
          <dd>
            {starts} – {ends}
          </dd>
        </div>
        <div>
          <dt>
            <Trans id="casino.tournament.entry">Entry</Trans>
          </dt>
          <dd>
            {tournament.extra.entry === 'auto' ? (
              <Trans id="casino.tournament.entryAuto">
                Automatic: your first counted round enters you.
              </Trans>
            ) : (
              <Trans id="casino.tournament.entryJoin">
                Press “Take part”; rounds count from then on.
              </Trans>
            )}
          </dd>
        </div>
        {countries.length > 0 || currencies.length > 0 || days !== null ? (
          <div>
            <dt>
              <Trans id="casino.tournament.restrictions">Who may take part</Trans>
            </dt>
            <dd>
              {[
                countries.length > 0 ? countries.join(', ') : null,
                currencies.length > 0 ? currencies.join(', ') : null,
                days !== null
                  ? t({
                      id: 'casino.tournament.newPlayers',
                      message: `Players registered at most ${days} days before the start`,
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans id="casino.tournament.freeSpins">Free spins and bonus money</Trans>
          </dt>
          <dd>
            <Trans id="casino.tournament.freeSpinsRule">Rounds of free spins do not count.</Trans>
          </dd>
        </div>
        {tournament.reset_on_cashout ? (
          <div data-rule="reset-on-cashout">
            <dt>
              <Trans id="casino.tournament.cashout">Withdrawals</Trans>
            </dt>
            <dd>
              <Trans id="casino.tournament.cashoutRule">
                A withdrawal during the tournament sets your points back to zero.
              </Trans>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans id="casino.tournament.ties">Ties</Trans>
          </dt>
          <dd>
            <Trans id="casino.tournament.tiesRule">
              Equal points: the player who reached them first ranks higher.
            </Trans>
          </dd>
        </div>
      </Rules>
    </Panel>
  );
}

/** `/tournaments/{id}` (§2): the head, the live leaderboard, the prize table and the rules. */
export function TournamentView({ id }: { id: number }) {
  const { locale } = useShellNavigation();
  const query = useTournament(id);
  const back = useLinkProps(routePath('tournaments', {}, locale));
  const hall = useLinkProps(routePath('tournamentGamehall', { id: String(id) }, locale));
  // The platform answers an unknown id's first load with its 404 page (web/page-rules.ts); this
  // covers a visit from inside the site.
  if (query.data === null) throw tournamentNotFound();
  const tournament = query.data;
  return (
    <PageContainer data-remote="casino" data-page="tournament">
      <BackLink {...back}>
        <Trans id="casino.tournament.back">← All tournaments</Trans>
      </BackLink>
      {tournament ? (
        <>
          <Hero $image={tournament.image_url && imageUrl(tournament.image_url, { w: 1536 })}>
            <Icon name="trophy" aria-hidden="true" />
            <HeroText>
              <StatusBadge status={tournament.status} />
              <PageTitle>{tournament.title}</PageTitle>
              {tournament.description ? <p>{tournament.description}</p> : null}
              <Buttons>
                <ParticipateButton tournament={tournament} size="lg" />
                <ButtonLink {...hall} variant="secondary" size="lg">
                  <Icon name="casino" size={18} />
                  <Trans id="casino.tournament.games">Tournament games</Trans>
                </ButtonLink>
              </Buttons>
              <PlayerStanding tournament={tournament} />
            </HeroText>
            <HeroSide>
              <div>
                <Label>
                  <Trans id="casino.tournaments.prizePool">Prize pool</Trans>
                </Label>
                <PoolFigure>
                  <PrizePool tournament={tournament} />
                </PoolFigure>
              </div>
              <Countdown tournament={tournament} since={query.dataUpdatedAt} />
              <div>
                <Label>
                  <Trans id="casino.tournaments.players">Players</Trans>
                </Label>
                <strong>{tournament.total_participants}</strong>
              </div>
            </HeroSide>
          </Hero>
          <Columns>
            <Panel>
              <Suspense fallback={<Skeleton $height="320px" $radius="16px" />}>
                <LiveLeaderboard tournament={tournament} />
              </Suspense>
            </Panel>
            <div>
              <PrizeTable tournament={tournament} />
              <RulesPanel tournament={tournament} />
            </div>
          </Columns>
        </>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton $height="260px" $radius="24px" />
      )}
    </PageContainer>
  );
}
