import type { I18n } from '@lingui/core';
import type { BET_STATUSES, LEG_RESULTS, SPORTS } from '@northstar/contract';

/**
 * The sportsbook's words (issue #29): sports, markets, outcomes, bet types and states, for every
 * app that shows bets (the betting remote's book and slip, the profile's bet history). The API
 * sends keys (`1x2`, `home-draw`, `over`); the teams' and competitions' names are the feed's and
 * are shown as they come. The named systems (Trixie, Yankee, Heinz, …) are the trade's proper
 * names in every language the site speaks, so they are not translated.
 *
 * Runtime `i18n._` calls with explicit ids, not macros: Lingui's extractor reads them, and each
 * app that uses this package lists `packages/bet-labels/src` in its catalogs' `include`
 * (tools/lingui-config.js), so the messages are in that app's catalogs in the four languages.
 */

export type Sport = (typeof SPORTS)[number];
export type BetStatus = (typeof BET_STATUSES)[number];
export type LegResult = (typeof LEG_RESULTS)[number];

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
  return Number(line) > 0 ? `+${line}` : line;
}

/** The away side's handicap line is the home side's turned round. */
function awayLine(line: string): string {
  return signedLine(String(-Number(line)));
}

export function bookLabels(i18n: I18n) {
  const sport = (name: Sport): string => {
    switch (name) {
      case 'football':
        return i18n._({ id: 'bets.sport.football', message: 'Football' });
      case 'tennis':
        return i18n._({ id: 'bets.sport.tennis', message: 'Tennis' });
      case 'basketball':
        return i18n._({ id: 'bets.sport.basketball', message: 'Basketball' });
      case 'ice-hockey':
        return i18n._({ id: 'bets.sport.iceHockey', message: 'Ice hockey' });
      case 'esports':
        return i18n._({ id: 'bets.sport.esports', message: 'E-sports' });
    }
  };

  const market = (kind: string, line: string | null): string => {
    switch (kind) {
      case '1x2':
        return i18n._({ id: 'bets.market.1x2', message: 'Match result' });
      case 'double-chance':
        return i18n._({ id: 'bets.market.doubleChance', message: 'Double chance' });
      case 'total':
        return line === null
          ? i18n._({ id: 'bets.market.totalNoLine', message: 'Total' })
          : i18n._({ id: 'bets.market.total', message: 'Total {line}', values: { line } });
      case 'handicap':
        return line === null
          ? i18n._({ id: 'bets.market.handicapNoLine', message: 'Handicap' })
          : i18n._({
              id: 'bets.market.handicap',
              message: 'Handicap {line}',
              values: { line: signedLine(line) },
            });
      case 'btts':
        return i18n._({ id: 'bets.market.btts', message: 'Both teams to score' });
      case 'winner':
        return i18n._({ id: 'bets.market.winner', message: 'Winner' });
      case 'outright':
        return i18n._({ id: 'bets.market.outright', message: 'Outright winner' });
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
        return i18n._({ id: 'bets.outcome.draw', message: 'Draw' });
      case 'home-draw':
        return i18n._({ id: 'bets.outcome.homeDraw', message: '{home} or draw', values: { home } });
      case 'home-away':
        return i18n._({
          id: 'bets.outcome.homeAway',
          message: '{home} or {away}',
          values: { home, away },
        });
      case 'draw-away':
        return i18n._({ id: 'bets.outcome.drawAway', message: 'Draw or {away}', values: { away } });
      case 'over':
        return i18n._({ id: 'bets.outcome.over', message: 'Over {value}', values: { value } });
      case 'under':
        return i18n._({ id: 'bets.outcome.under', message: 'Under {value}', values: { value } });
      case 'yes':
        return i18n._({ id: 'bets.outcome.yes', message: 'Yes' });
      case 'no':
        return i18n._({ id: 'bets.outcome.no', message: 'No' });
      default:
        return key;
    }
  };

  /** The short form on an odds button of a list: 1, X, 2, O 2.5, U 2.5. */
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
    const value = line ?? '';
    if (key === 'over') {
      return i18n._({ id: 'bets.outcome.overShort', message: 'O {line}', values: { line: value } });
    }
    if (key === 'under') {
      return i18n._({
        id: 'bets.outcome.underShort',
        message: 'U {line}',
        values: { line: value },
      });
    }
    return outcome({ market: kind, line, outcome: key, home: '1', away: '2' });
  };

  /** A bet type: Single, Accumulator (3 folds), System 2/4, Yankee. */
  const betKind = (kind: string, legs: number): string => {
    if (kind === 'single') return i18n._({ id: 'bets.kind.single', message: 'Single' });
    if (kind === 'accumulator') {
      return i18n._({
        id: 'bets.kind.accumulator',
        message: 'Accumulator ({legs} folds)',
        values: { legs },
      });
    }
    const system = /^system:(\d{1,2})$/.exec(kind);
    if (system) {
      return i18n._({
        id: 'bets.kind.system',
        message: 'System {size}/{legs}',
        values: { size: system[1], legs },
      });
    }
    return NAMED_SYSTEM_NAMES[kind] ?? kind;
  };

  const betStatus = (status: BetStatus): string => {
    switch (status) {
      case 'open':
        return i18n._({ id: 'bets.status.open', message: 'Open' });
      case 'won':
        return i18n._({ id: 'bets.status.won', message: 'Won' });
      case 'lost':
        return i18n._({ id: 'bets.status.lost', message: 'Lost' });
      case 'void':
        return i18n._({ id: 'bets.status.void', message: 'Void' });
      case 'cashed-out':
        return i18n._({ id: 'bets.status.cashedOut', message: 'Cashed out' });
    }
  };

  const legResult = (result: LegResult): string => {
    switch (result) {
      case 'pending':
        return i18n._({ id: 'bets.leg.pending', message: 'Pending' });
      case 'won':
        return i18n._({ id: 'bets.leg.won', message: 'Won' });
      case 'lost':
        return i18n._({ id: 'bets.leg.lost', message: 'Lost' });
      case 'void':
        return i18n._({ id: 'bets.leg.void', message: 'Void' });
      case 'half-won':
        return i18n._({ id: 'bets.leg.halfWon', message: 'Half won' });
      case 'half-lost':
        return i18n._({ id: 'bets.leg.halfLost', message: 'Half lost' });
    }
  };

  return { sport, market, outcome, short, betKind, betStatus, legResult };
}

export type BookLabels = ReturnType<typeof bookLabels>;
