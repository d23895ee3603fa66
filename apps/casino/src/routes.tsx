import { lazy } from 'react';
import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import {
  TournamentsPage,
  TournamentPage,
  TournamentGamehallPage,
} from './features/tournaments/tournaments-pages.tsx';
import { GamehallPage, GamehallItemPage } from './features/gamehall/gamehall-pages.tsx';
import { GamePage } from './features/game/game-page.tsx';
import {
  JackpotPage,
  JackpotsPage,
  ProvidersPage,
  WinnersPage,
} from './features/lobby/lobby-pages.tsx';

/** Every route the casino remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'casino',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    gamehall: GamehallPage,
    gamehallItem: GamehallItemPage,
    game: GamePage,
    providers: ProvidersPage,
    jackpots: JackpotsPage,
    jackpot: JackpotPage,
    tournaments: TournamentsPage,
    tournament: TournamentPage,
    tournamentGamehall: TournamentGamehallPage,
    winners: WinnersPage,
  },
  // For the server render; the browser loads these from `./sections` (src/sections.tsx).
  sections: { homeLobby: lazy(() => import('./features/lobby/sections.tsx')) },
});
