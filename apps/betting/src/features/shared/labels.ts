import { useLingui } from '@lingui/react/macro';
import type { SbBet, Sport } from './api.ts';

/**
 * The book's words in the page's language (issue #29): sports, markets, outcomes, bet types and
 * states. The API sends keys (`1x2`, `home-draw`, `over`); the teams' and competitions' names are
 * the feed's and are shown as they come. The named systems (Trixie, Yankee, Heinz, …) are the
 * trade's proper names in every language the site speaks, so they are not translated.
 */

export interface OutcomeNaming {
  market: string;
  line: string | null;
  outcome: string;
  home: string;
  away: string;
  eventKind?: 'match' | 'outright';
}

const NAMED_SYSTEM_NAMES: Record<string, string> = {
  trixie: 'Trixie',
  patent: 'Patent',
  yankee: 'Yankee',
  lucky15: 'Lucky 15',
  canadian: 'Canadian',
  lucky31: 'Lucky 31',
  heinz: 'Heinz',
  lucky63: 'Lucky 63',
  superHeinz: 'Super Heinz',
  goliath: 'Goliath',
};

/** A line as a signed number for handicaps: "-1.5", "+1.5", "0". */
export function signedLine(line: string): string {
  const value = Number(line);
  return value > 0 ? `+${line}` : line;
}

/** The away side's handicap line is the home side's turned round. */
function awayLine(line: string): string {
  const value = -Number(line);
  return signedLine(String(value));
}

export function useBookLabels() {
  const { t } = useLingui();

  const sport = (name: Sport): string => {
    switch (name) {
      case 'football':
        return t({ id: 'betting.sport.football', message: 'Football' });
      case 'tennis':
        return t({ id: 'betting.sport.tennis', message: 'Tennis' });
      case 'basketball':
        return t({ id: 'betting.sport.basketball', message: 'Basketball' });
      case 'ice-hockey':
        return t({ id: 'betting.sport.iceHockey', message: 'Ice hockey' });
      case 'esports':
        return t({ id: 'betting.sport.esports', message: 'E-sports' });
    }
  };

  const market = (kind: string, line: string | null): string => {
    switch (kind) {
      case '1x2':
        return t({ id: 'betting.market.1x2', message: 'Match result' });
      case 'double-chance':
        return t({ id: 'betting.market.doubleChance', message: 'Double chance' });
      case 'total':
        return line === null
          ? t({ id: 'betting.market.totalNoLine', message: 'Total' })
          : t({ id: 'betting.market.total', message: `Total ${line}` });
      case 'handicap':
        return line === null
          ? t({ id: 'betting.market.handicapNoLine', message: 'Handicap' })
          : t({ id: 'betting.market.handicap', message: `Handicap ${signedLine(line)}` });
      case 'btts':
        return t({ id: 'betting.market.btts', message: 'Both teams to score' });
      case 'winner':
        return t({ id: 'betting.market.winner', message: 'Winner' });
      case 'outright':
        return t({ id: 'betting.market.outright', message: 'Outright winner' });
      default:
        return kind;
    }
  };

  /** The outcome in full words: "Arsenal", "Draw", "Over 2.5", "Arsenal or draw". */
  const outcome = ({ market: kind, line, outcome: key, home, away, eventKind }: OutcomeNaming) => {
    if (eventKind === 'outright' || kind === 'outright') return key;
    const value = line ?? '';
    switch (key) {
      case 'home':
        return kind === 'handicap' && line !== null ? `${home} ${signedLine(line)}` : home;
      case 'away':
        return kind === 'handicap' && line !== null ? `${away} ${awayLine(line)}` : away;
      case 'draw':
        return t({ id: 'betting.outcome.draw', message: 'Draw' });
      case 'home-draw':
        return t({ id: 'betting.outcome.homeDraw', message: `${home} or draw` });
      case 'home-away':
        return t({ id: 'betting.outcome.homeAway', message: `${home} or ${away}` });
      case 'draw-away':
        return t({ id: 'betting.outcome.drawAway', message: `Draw or ${away}` });
      case 'over':
        return t({ id: 'betting.outcome.over', message: `Over ${value}` });
      case 'under':
        return t({ id: 'betting.outcome.under', message: `Under ${value}` });
      case 'yes':
        return t({ id: 'betting.outcome.yes', message: 'Yes' });
      case 'no':
        return t({ id: 'betting.outcome.no', message: 'No' });
      default:
        return key;
    }
  };

  /** The short form on an odds button of a list: 1, X, 2, Over, Under. */
  const short = (kind: string, key: string, line: string | null): string => {
    if (kind === '1x2' || kind === 'winner') {
      if (key === 'home') return '1';
      if (key === 'draw') return 'X';
      if (key === 'away') return '2';
    }
    if (kind === 'double-chance') {
      if (key === 'home-draw') return '1X';
      if (key === 'home-away') return '12';
      if (key === 'draw-away') return 'X2';
    }
    if (key === 'over') return t({ id: 'betting.outcome.overShort', message: `O ${line ?? ''}` });
    if (key === 'under') return t({ id: 'betting.outcome.underShort', message: `U ${line ?? ''}` });
    return outcome({ market: kind, line, outcome: key, home: '1', away: '2' });
  };

  /** A bet type: Single, Accumulator, System 2/4, Yankee. */
  const betKind = (kind: string, legs: number): string => {
    if (kind === 'single') return t({ id: 'betting.kind.single', message: 'Single' });
    if (kind === 'accumulator') {
      return t({ id: 'betting.kind.accumulator', message: `Accumulator (${legs} folds)` });
    }
    const system = /^system:(\d{1,2})$/.exec(kind);
    if (system) {
      const size = system[1];
      return t({ id: 'betting.kind.system', message: `System ${size}/${legs}` });
    }
    return NAMED_SYSTEM_NAMES[kind] ?? kind;
  };

  const betStatus = (status: SbBet['status']): string => {
    switch (status) {
      case 'open':
        return t({ id: 'betting.status.open', message: 'Open' });
      case 'won':
        return t({ id: 'betting.status.won', message: 'Won' });
      case 'lost':
        return t({ id: 'betting.status.lost', message: 'Lost' });
      case 'void':
        return t({ id: 'betting.status.void', message: 'Void' });
      case 'cashed-out':
        return t({ id: 'betting.status.cashedOut', message: 'Cashed out' });
    }
  };

  const legResult = (result: SbBet['legs'][number]['result']): string => {
    switch (result) {
      case 'pending':
        return t({ id: 'betting.leg.pending', message: 'Pending' });
      case 'won':
        return t({ id: 'betting.leg.won', message: 'Won' });
      case 'lost':
        return t({ id: 'betting.leg.lost', message: 'Lost' });
      case 'void':
        return t({ id: 'betting.leg.void', message: 'Void' });
      case 'half-won':
        return t({ id: 'betting.leg.halfWon', message: 'Half won' });
      case 'half-lost':
        return t({ id: 'betting.leg.halfLost', message: 'Half lost' });
    }
  };

  return { sport, market, outcome, short, betKind, betStatus, legResult };
}

export type BookLabels = ReturnType<typeof useBookLabels>;
