import type { SportsbookChange } from '@northstar/contract';
import { ODDS_SCALE, oddsText } from '@northstar/contract/bet-math';
import type { Book, SbEvent, SbMarket } from './api.ts';

/**
 * The book as the betting pages hold it (issue #29): pure functions over what `getEvents` and
 * `getEvent` answered, and the odds stream's changes applied to them. Odds on the wire are text
 * with two decimals (`"1.85"`); the stream sends thousandths (1850), written the same way here.
 */

/** Thousandths as the book's text: 1850 → "1.85" (the ingest floors to two decimals). */
export function oddsOf(thousandths: number | null): string | null {
  return thousandths === null ? null : oddsText(thousandths);
}

/** Odds text as thousandths, for the bet arithmetic: "1.85" → 1850. */
export function thousandthsOf(odds: string): number {
  const [whole = '0', cents = '00'] = odds.split('.');
  return Number(whole) * ODDS_SCALE + Number(cents.padEnd(2, '0').slice(0, 2)) * 10;
}

/** A market's kind and line from the stream's key (`total:2.5`, `1x2`). */
export function parseMarketKey(key: string): { kind: string; line: string | null } {
  const colon = key.indexOf(':');
  if (colon < 0) return { kind: key, line: null };
  return { kind: key.slice(0, colon), line: String(Number(key.slice(colon + 1))) };
}

/**
 * One event with a batch of changes applied. `everyMarket`: an event page holds all its markets,
 * so a market the feed opens is added; a list holds only the main one and keeps to it.
 */
export function applyToEvent(
  event: SbEvent,
  changes: readonly SportsbookChange[],
  everyMarket: boolean,
): SbEvent {
  let next = event;
  for (const change of changes) {
    if (change.event_id !== event.id) continue;
    if (change.event) {
      next = {
        ...next,
        status: change.event.status,
        score: change.event.score,
        clock: change.event.clock,
        starts_at: change.event.starts_at,
        home: change.event.home,
        away: change.event.away,
      };
    }
    if (change.markets?.length || change.outcomes?.length) {
      next = { ...next, markets: applyToMarkets(next.markets, change, everyMarket) };
    }
  }
  return next;
}

function applyToMarkets(
  markets: readonly SbMarket[],
  change: SportsbookChange,
  everyMarket: boolean,
): SbMarket[] {
  const byId = new Map(markets.map((market) => [market.id, market]));
  const order = markets.map((market) => market.id);
  for (const update of change.markets ?? []) {
    const known = byId.get(update.id);
    if (known) {
      byId.set(update.id, { ...known, status: update.status });
    } else if (everyMarket) {
      const { kind, line } = parseMarketKey(update.key);
      byId.set(update.id, {
        id: update.id,
        kind,
        line,
        status: update.status,
        void_reason: null,
        outcomes: [],
      });
      order.push(update.id);
    }
  }
  for (const outcome of change.outcomes ?? []) {
    const market = byId.get(outcome.market_id);
    if (!market) continue;
    const odds = oddsOf(outcome.odds);
    const index = market.outcomes.findIndex((known) => known.id === outcome.id);
    const outcomes =
      index >= 0
        ? market.outcomes.map((known, at) =>
            at === index ? { ...known, odds, status: outcome.status } : known,
          )
        : [...market.outcomes, { id: outcome.id, key: outcome.key, odds, status: outcome.status }];
    byId.set(market.id, { ...market, outcomes });
  }
  return order.map((id) => byId.get(id)!);
}

/**
 * A page of the book with a batch applied. An event that ended or was cancelled leaves a list of
 * live or coming events (its page keeps it, with the result).
 */
export function applyToBook(book: Book, changes: readonly SportsbookChange[], seq: string): Book {
  if (!changes.some((change) => book.items.some((event) => event.id === change.event_id))) {
    return { ...book, seq };
  }
  const items = book.items
    .map((event) => applyToEvent(event, changes, false))
    .filter((event) => event.status === 'prematch' || event.status === 'live');
  return { ...book, items, total: book.total - (book.items.length - items.length), seq };
}

/**
 * What the stream said last of each outcome, market and event, for the slip: a selection shows
 * the odds in force and whether it still takes bets, wherever the player is on the site.
 */
export interface LiveState {
  outcomes: ReadonlyMap<number, { odds: string | null; open: boolean }>;
  markets: ReadonlyMap<number, boolean>;
  events: ReadonlyMap<number, boolean>;
}

export const EMPTY_LIVE: LiveState = { outcomes: new Map(), markets: new Map(), events: new Map() };

export function mergeLive(state: LiveState, changes: readonly SportsbookChange[]): LiveState {
  const outcomes = new Map(state.outcomes);
  const markets = new Map(state.markets);
  const events = new Map(state.events);
  for (const change of changes) {
    if (change.event) {
      events.set(
        change.event_id,
        change.event.status === 'prematch' || change.event.status === 'live',
      );
    }
    for (const market of change.markets ?? []) markets.set(market.id, market.status === 'open');
    for (const outcome of change.outcomes ?? []) {
      outcomes.set(outcome.id, {
        odds: oddsOf(outcome.odds),
        open: outcome.status === 'open' && outcome.odds !== null,
      });
    }
  }
  return { outcomes, markets, events };
}

/** The events of a page grouped by competition, in the book's order. */
export function byCompetition(events: readonly SbEvent[]) {
  const groups: { competition: SbEvent['competition']; events: SbEvent[] }[] = [];
  for (const event of events) {
    const group = groups.find((known) => known.competition.id === event.competition.id);
    if (group) group.events.push(event);
    else groups.push({ competition: event.competition, events: [event] });
  }
  return groups;
}

/** Whether an outcome takes bets now: it, its market and its event are open and it has odds. */
export function isOpen(event: SbEvent, market: SbMarket, outcomeId: number): boolean {
  const outcome = market.outcomes.find((known) => known.id === outcomeId);
  return (
    (event.status === 'prematch' || event.status === 'live') &&
    market.status === 'open' &&
    outcome !== undefined &&
    outcome.status === 'open' &&
    outcome.odds !== null
  );
}

/**
 * The clock of a live event at `now`: the minute read, moved on while it runs. Null before the
 * start and after the end.
 */
export function clockMinute(event: SbEvent, now: number): number | null {
  if (event.status !== 'live' || !event.clock) return null;
  const { minute, running, at } = event.clock;
  if (!running) return minute;
  const since = Math.floor((now - Date.parse(at)) / 60_000);
  return minute + Math.max(0, since);
}

/** The market kinds in the order an event page shows them. */
const MARKET_ORDER = ['1x2', 'winner', 'double-chance', 'handicap', 'total', 'btts', 'outright'];

export function sortedMarkets(markets: readonly SbMarket[]): SbMarket[] {
  const rank = (kind: string) => {
    const index = MARKET_ORDER.indexOf(kind);
    return index < 0 ? MARKET_ORDER.length : index;
  };
  return [...markets].sort(
    (a, b) =>
      rank(a.kind) - rank(b.kind) || Number(a.line ?? 0) - Number(b.line ?? 0) || a.id - b.id,
  );
}
