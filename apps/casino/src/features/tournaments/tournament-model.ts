import type { GamesQuery } from '../shared/api.ts';

/**
 * The tournament pages' pure rules (issue #27, §2 `/tournaments`, §3 tournament, §9), unit-tested
 * in tournament-model.test.ts: the list's tabs in the URL, the countdowns, the live board's
 * merge of Server-Sent Events and the player's pinned row, and the tournament hall's query.
 */

/** §3: tournament lists are grouped all, future, active, finished (the page shows active first). */
export const TOURNAMENT_TABS = ['all', 'active', 'future', 'finished'] as const;
export type TournamentTab = (typeof TOURNAMENT_TABS)[number];

/** The tab of `?status=` (the URL is the tab, so the server renders the one asked for). */
export function tabOf(search: string): TournamentTab {
  const value = new URLSearchParams(search).get('status');
  return (TOURNAMENT_TABS as readonly string[]).includes(value ?? '')
    ? (value as TournamentTab)
    : 'all';
}

/** The search string of a tab (`all`, the default, has none). */
export function searchOf(tab: TournamentTab): string {
  return tab === 'all' ? '' : `?status=${tab}`;
}

/** §9: a tournament's game hall shows its games 12 at a time. */
export const TOURNAMENT_GAMES_PAGE = 12;

/** The 1-based page of `?page=` (anything else: 1). */
export function pageOf(search: string): number {
  const value = new URLSearchParams(search).get('page') ?? '';
  return /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : 1;
}

export function pageCount(total: number, size = TOURNAMENT_GAMES_PAGE): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * games/get's options for one page of a tournament's games: the games it names, else its
 * providers' games, else every game (both lists empty: every game counts, as the platform's
 * scoring says). A tournament naming both games and providers shows its named games (games/get
 * has no "either" filter; an operator naming games means those are the point).
 */
export function tournamentGamesQuery(
  rules: { games: readonly string[]; providers: readonly string[] },
  page: number,
): GamesQuery {
  const base = {
    offset: (page - 1) * TOURNAMENT_GAMES_PAGE,
    limit: TOURNAMENT_GAMES_PAGE,
    sort: 'popular' as const,
  };
  if (rules.games.length > 0) return { ...base, sysnames: rules.games.slice(0, 100) };
  if (rules.providers.length > 0) return { ...base, providers: [...rules.providers] };
  return base;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole time left until `target` (ISO) at `now` (epoch ms); null once it has passed. */
export function timeLeft(target: string, now: number): TimeLeft | null {
  const ms = new Date(target).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** `2d 04:05:09`, or `04:05:09` under a day: the digits a countdown shows. */
export function clockOf(left: TimeLeft): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
  return left.days > 0 ? `${left.days}d ${clock}` : clock;
}

/** What a tournament's countdown counts to: its start (future), its end (active), or nothing. */
export function countdownOf(
  t: { status: 'future' | 'active' | 'finished'; starts_at: string; ends_at: string },
  now: number,
): { to: 'start' | 'end'; left: TimeLeft } | null {
  if (t.status === 'finished') return null;
  const to = t.status === 'future' ? 'start' : 'end';
  const left = timeLeft(to === 'start' ? t.starts_at : t.ends_at, now);
  return left ? { to, left } : null;
}

export interface BoardRow {
  place: number | null;
  name: string;
  points: string;
  rounds: number;
  is_current_user: boolean;
}

export interface Board {
  tournament_id: number;
  revision: string;
  status: 'future' | 'active' | 'finished';
  total: number;
  items: BoardRow[];
  me: BoardRow | null;
}

/** One event of the live stream (the platform's tournaments/live.ts `LiveState`). */
export interface LiveEvent {
  tournament_id: number;
  revision: string;
  status: string;
  total_participants: number;
  top: BoardRow[];
  me: BoardRow | null;
}

const STATUSES = new Set(['future', 'active', 'finished']);

/**
 * The board after a live event: the event's state when it is newer than what the page has (an
 * event may arrive after a fresher answer of leaderboard/live, e.g. after a participation), the
 * page's board otherwise. Revisions are 64-bit counters sent as strings: compared as BigInt.
 */
export function mergeLive(current: Board | null | undefined, event: LiveEvent): Board {
  if (current && BigInt(current.revision) >= BigInt(event.revision)) return current;
  return {
    tournament_id: event.tournament_id,
    revision: event.revision,
    status: (STATUSES.has(event.status) ? event.status : (current?.status ?? 'active')) as
      'future' | 'active' | 'finished',
    total: event.total_participants,
    items: event.top,
    me: event.me,
  };
}

/**
 * The rows a board shows and the player's row pinned under them: their own row when it is not
 * among the rows shown (a player placed 57th still sees where they are); null when it is (the
 * row is highlighted in place) or the viewer does not take part.
 */
export function pinnedRow(board: Pick<Board, 'items' | 'me'>): BoardRow | null {
  if (!board.me) return null;
  return board.items.some((row) => row.is_current_user) ? null : board.me;
}
