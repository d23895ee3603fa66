import { Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { ButtonLink, PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * Tournaments are not built yet. Until they are, their pages say so in their own words and send
 * the player to the game hall, where the games already are (issue #22: they once said the whole
 * casino lobby was "opening soon" while the hall was one click away).
 */
const tournamentsSoon = (
  <Trans id="casino.tournaments.comingSoon">
    Tournaments are coming soon. Until then, every game is ready to play in the game hall.
  </Trans>
);

const Actions = styled.div`
  margin-top: 20px;
`;

function GamehallLink() {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('gamehall', {}, locale));
  return (
    <Actions>
      <ButtonLink {...link}>
        <Trans id="casino.tournaments.toGamehall">Go to the game hall</Trans>
      </ButtonLink>
    </Actions>
  );
}

/** A tournament page: its title, the coming-soon line and the way to the game hall. */
function tournamentPlaceholder(title: ReactNode) {
  return function TournamentPlaceholderPage() {
    return (
      <PagePlaceholder owner="casino" title={title} text={tournamentsSoon}>
        <GamehallLink />
      </PagePlaceholder>
    );
  };
}

export const TournamentsPage = tournamentPlaceholder(
  <Trans id="casino.tournaments.title">Tournaments</Trans>,
);
export const TournamentPage = tournamentPlaceholder(
  <Trans id="casino.tournament.title">Tournament</Trans>,
);
export const TournamentGamehallPage = tournamentPlaceholder(
  <Trans id="casino.tournamentGamehall.title">Tournament games</Trans>,
);
