import * as v from 'valibot';
import * as w from '../wire.ts';
import { fieldsParam, list, method, nullableString, ok, paging } from './shared.ts';

// §7 `games`: its methods, and the entities only this module uses.

export const game = v.object({
  sysname: v.string(),
  name: v.string(),
  provider: v.object({ sysname: v.string(), game_params: v.record(v.string(), v.unknown()) }),
  image_url: nullableString,
  tags: v.array(v.string()),
  description: v.object({ name: v.optional(v.string()), image: v.optional(v.string()) }),
  /** Return to player in percent (96.5), null when the provider did not say (not in §3: added). */
  rtp: v.optional(v.nullable(v.number())),
  volatility: v.optional(nullableString),
  categories: v.optional(v.array(v.string())),
});

/** A played round (games/getHistory): stake and win in the round's currency, decimal strings. */
export const gameRound = v.object({
  round: v.string(),
  game: v.object({ sysname: v.string(), name: v.string() }),
  provider: v.string(),
  currency: v.string(),
  stake: v.string(),
  win: v.string(),
  status: v.picklist(['open', 'settled', 'rolled_back']),
  started_at: v.string(),
  finished_at: nullableString,
  /** Main + bonus balance after the round's last movement (issue #25); null if it moved none. */
  balance_after: v.optional(nullableString),
});

/** A day of a history period (issue #25), `YYYY-MM-DD`, read as UTC. */
const day = () => w.text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, code: 'date' });

export const gameCategory = v.object({ sysname: v.string(), count: v.number() });

/**
 * A game-history export (not shown in §7: ours); `url` (CSV) and `xlsx_url` once ready, fetched
 * by the owner only. `from`/`to`: the period's first and last day (issue #25).
 */
export const historyExport = v.object({
  id: v.number(),
  status: v.picklist(['pending', 'processing', 'ready', 'failed']),
  rows: v.nullable(v.number()),
  created_at: v.string(),
  finished_at: nullableString,
  url: nullableString,
  xlsx_url: v.optional(nullableString),
  from: v.optional(nullableString),
  to: v.optional(nullableString),
});

/** The sorts of games/get: `popular` (the default), `new`, `name`, `rtp` (highest first). */
export const GAME_SORTS = ['popular', 'new', 'name', 'rtp'] as const;

export const provider = v.object({
  sysname: v.string(),
  name: v.string(),
  image_url: nullableString,
  type: v.string(),
  /** How many active games the provider has in the catalogue (ours: the providers page). */
  games_count: v.optional(v.number()),
});

export const gamesQuery = v.object(
  {
    sysname: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    providers: v.optional(
      v.array(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length')), 'wrong_field'),
    ),
    category: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    /** Ours: these games only (a player's favourites, recently played), at most 100. */
    sysnames: v.optional(
      v.pipe(
        v.array(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length')), 'wrong_field'),
        v.maxLength(100, 'max_length'),
      ),
    ),
    /** Ours: the games that feed this jackpot (its sysname, as jackpots/get counts them). */
    jackpot: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    search: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    tags: v.optional(
      v.pipe(
        v.array(v.pipe(v.string('wrong_field'), v.maxLength(64, 'max_length')), 'wrong_field'),
        v.maxLength(10, 'max_length'),
      ),
    ),
    sort: v.optional(v.picklist(GAME_SORTS, 'wrong_field')),
    offset: v.optional(
      v.pipe(v.number('wrong_field'), v.integer('wrong_field'), v.minValue(0, 'min_value')),
    ),
    limit: v.optional(
      v.pipe(
        v.number('wrong_field'),
        v.integer('wrong_field'),
        v.minValue(1, 'min_value'),
        v.maxValue(200, 'max_value'),
      ),
    ),
  },
  'wrong_field',
);
/**
 * A recent win (games/getWinners, ours): a settled round whose win beat its stake, from the
 * wallet's records; the player's nickname masked as jackpot winners are.
 */
export const gameWinner = v.object({
  round: v.string(),
  player: v.string(),
  game: v.object({ sysname: v.string(), name: v.string() }),
  amount: v.string(),
  stake: v.string(),
  currency: v.string(),
  won_at: v.string(),
});

/** The orders of games/getWinners: the newest first, or the biggest of the last 7 days. */
export const WINNER_SORTS = ['recent', 'biggest'] as const;

/**
 * The money a player's play session has moved (games/getSessionSummary, ours; UK RTS 14 and 2E):
 * stakes and wins since `since`, from the wallet's records, and the net position (wins − stakes),
 * all decimal strings in the player's currency.
 */
export const gameSessionSummary = v.object({
  since: v.string(),
  currency: v.string(),
  stakes: v.string(),
  wins: v.string(),
  net: v.string(),
  rounds: v.number(),
});

const sysnameParam = w.params({ sysname: w.text({ max: 128 }) });
export const games = {
  get: method(
    'games',
    'get',
    'GET',
    'public',
    w.params({ options: w.optional(w.json(gamesQuery)) }),
    list(game),
    'built',
  ),
  getLikes: method(
    'games',
    'getLikes',
    'GET',
    'player',
    w.noParams,
    v.object({ sysnames: v.array(v.string()) }),
    'built',
  ),
  addLike: method('games', 'addLike', 'POST', 'player', sysnameParam, ok, 'built'),
  removeLike: method('games', 'removeLike', 'POST', 'player', sysnameParam, ok, 'built'),
  getCategories: method(
    'games',
    'getCategories',
    'GET',
    'public',
    w.noParams,
    list(gameCategory),
    'built',
  ),
  getProviders: method(
    'games',
    'getProviders',
    'GET',
    'public',
    w.params({ fields: fieldsParam, types: w.optional(w.text({ max: 200 })) }),
    list(provider),
    'built',
  ),
  /**
   * Issue #25 adds filters: `from`/`to` (days, UTC, both included), `product` (a provider type:
   * casino, live, …) and `status=open` (unfinished rounds, to resume).
   */
  getHistory: method(
    'games',
    'getHistory',
    'GET',
    'player',
    w.params({
      ...paging,
      from: w.optional(day()),
      to: w.optional(day()),
      product: w.optional(w.text({ max: 40, pattern: /^[a-z0-9_-]+$/ })),
      status: w.optional(w.oneOf(['open'])),
    }),
    list(gameRound),
    'built',
  ),
  /** The player's export requests, newest first (issue #25: the page lists them). */
  gethistoryexportrequest: method(
    'games',
    'gethistoryexportrequest',
    'GET',
    'player',
    w.noParams,
    list(historyExport),
    'built',
  ),
  /**
   * An export of the rounds of a period (`from`/`to`, days, at most a year); without them the
   * last 30 days. A period over a year is refused on `to` (`export_period_too_long`).
   */
  createhistoryexportrequest: method(
    'games',
    'createhistoryexportrequest',
    'POST',
    'player',
    w.params({ from: w.optional(day()), to: w.optional(day()) }),
    historyExport,
    'built',
  ),
  /** Ours: the latest (or the week's biggest) wins of every player, for the winners page. */
  getWinners: method(
    'games',
    'getWinners',
    'GET',
    'public',
    w.params({ ...paging, sort: w.optional(w.oneOf(WINNER_SORTS)) }),
    list(gameWinner),
    'built',
  ),
  /**
   * Ours: what this play session has moved so far (the game page's header, UK RTS 14 and 2E).
   * Without `since` the session starts now, by the server's clock, and the answer says when.
   */
  getSessionSummary: method(
    'games',
    'getSessionSummary',
    'GET',
    'player',
    w.params({
      since: w.optional(
        w.text({ max: 40, pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/ }),
      ),
    }),
    gameSessionSummary,
    'built',
  ),
};
