import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

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

export const GamehallPage = placeholder(<Trans id="casino.gamehall.title">Game hall</Trans>);
export const GamehallItemPage = placeholder(
  <Trans id="casino.gamehallItem.title">Game category</Trans>,
);
export const GamePage = placeholder(<Trans id="casino.game.title">Game</Trans>);
export const ProvidersPage = placeholder(<Trans id="casino.providers.title">Providers</Trans>);
export const JackpotsPage = placeholder(<Trans id="casino.jackpots.title">Jackpots</Trans>);
export const JackpotPage = placeholder(<Trans id="casino.jackpot.title">Jackpot</Trans>);
export const TournamentsPage = placeholder(
  <Trans id="casino.tournaments.title">Tournaments</Trans>,
);
export const TournamentPage = placeholder(<Trans id="casino.tournament.title">Tournament</Trans>);
export const TournamentGamehallPage = placeholder(
  <Trans id="casino.tournamentGamehall.title">Tournament games</Trans>,
);
export const WinnersPage = placeholder(<Trans id="casino.winners.title">Winners</Trans>);
