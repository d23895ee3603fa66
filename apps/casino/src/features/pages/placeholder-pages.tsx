import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

/** Tournaments are another issue's work; their routes show what is coming. */
const comingSoon = (
  <Trans id="casino.comingSoon">
    The casino lobby is opening soon: thousands of slots and live tables are on their way.
  </Trans>
);

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return <PagePlaceholder owner="casino" title={title} text={comingSoon} />;
  };
}

export const TournamentsPage = placeholder(
  <Trans id="casino.tournaments.title">Tournaments</Trans>,
);
export const TournamentPage = placeholder(<Trans id="casino.tournament.title">Tournament</Trans>);
export const TournamentGamehallPage = placeholder(
  <Trans id="casino.tournamentGamehall.title">Tournament games</Trans>,
);
