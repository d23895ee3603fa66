import * as v from 'valibot';
import { money } from '../entities.ts';
import * as w from '../wire.ts';
import { method, paging, staffMethod } from './shared.ts';

// `sportsbook` (ours, issue #29): the native sportsbook's book, bets and settings. Not in §7 (the
// seed framed a third party's): one schema per method serves the server and the betting remote.

export const SPORTS = ['football', 'tennis', 'basketball', 'ice-hockey', 'esports'] as const;
export const EVENT_STATUSES = ['prematch', 'live', 'ended', 'cancelled'] as const;
export const MARKET_STATUSES = ['open', 'suspended', 'settled', 'void'] as const;
export const OUTCOME_STATUSES = [
  'open',
  'suspended',
  'won',
  'lost',
  'void',
  'half-won',
  'half-lost',
] as const;
export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed-out'] as const;
export const LEG_RESULTS = ['pending', 'won', 'lost', 'void', 'half-won', 'half-lost'] as const;
export const ODDS_CHANGE_SETTINGS = ['any', 'higher', 'none'] as const;
/** The results staff may give an outcome by hand (issue #30): a leg's, but `pending`. */
export const SETTLE_RESULTS = ['won', 'lost', 'void', 'half-won', 'half-lost'] as const;
/** Why staff void a market (the player's bet shows it as the leg's void reason). */
export const VOID_REASONS = [
  'event_cancelled',
  'abandoned',
  'wrong_price',
  'feed_error',
  'other',
] as const;

/** Decimal odds as text, two decimals (`"1.85"`). */
const oddsText = v.pipe(v.string(), v.regex(/^\d{1,4}\.\d{2}$/));

export const sbOutcome = v.object({
  id: v.number(),
  /** `home`, `draw`, `away`, `over`, `under`, `yes`, `no`, `home-draw`, …, or a name (outrights). */
  key: v.string(),
  /** Null when it is not offered now. */
  odds: v.nullable(oddsText),
  status: v.picklist(OUTCOME_STATUSES),
});

export const sbMarket = v.object({
  id: v.number(),
  /** `1x2`, `double-chance`, `total`, `handicap`, `btts`, `winner`, `outright`. */
  kind: v.string(),
  /** A total's or a handicap's line (the home side's), as text (`"2.5"`, `"-1.5"`). */
  line: v.nullable(v.string()),
  status: v.picklist(MARKET_STATUSES),
  void_reason: v.nullable(v.string()),
  outcomes: v.array(sbOutcome),
});

const scoreline = v.object({ home: v.number(), away: v.number() });
const clock = v.object({
  minute: v.number(),
  period: v.number(),
  /** The instant `minute` was read (a running clock moves on from there). */
  at: v.string(),
  running: v.boolean(),
});

export const sbEvent = v.object({
  id: v.number(),
  sport: v.picklist(SPORTS),
  competition: v.object({ id: v.number(), name: v.string(), country: v.string() }),
  /** `match`, or `outright` (a competition's winner; `home` is its title). */
  kind: v.picklist(['match', 'outright']),
  home: v.string(),
  away: v.string(),
  starts_at: v.string(),
  status: v.picklist(EVENT_STATUSES),
  score: v.nullable(scoreline),
  clock: v.nullable(clock),
  /** The markets asked for: the main one in lists, every one on the event's page. */
  markets: v.array(sbMarket),
  markets_count: v.number(),
});

/** A page of the book, with the odds stream's position when it was read. */
const book = v.object({
  total: v.number(),
  items: v.array(sbEvent),
  /** Pass as `after` to the stream (`/platform/sportsbook/stream`): the changes since this read. */
  seq: v.string(),
});

export const sbLeg = v.object({
  outcome_id: v.number(),
  event_id: v.number(),
  sport: v.picklist(SPORTS),
  competition: v.string(),
  home: v.string(),
  away: v.string(),
  starts_at: v.string(),
  event_status: v.picklist(EVENT_STATUSES),
  score: v.nullable(scoreline),
  market: v.string(),
  line: v.nullable(v.string()),
  outcome: v.string(),
  /** The odds taken. */
  odds: oddsText,
  result: v.picklist(LEG_RESULTS),
  void_reason: v.nullable(v.string()),
});

export const sbBet = v.object({
  id: v.string(),
  /** `single`, `accumulator`, `system:2` (2 of n), or a named system. */
  kind: v.string(),
  status: v.picklist(BET_STATUSES),
  /** Per line (lowered by a partial cash-out). */
  stake: money,
  /** The stake per line when placed. */
  placed_stake: money,
  lines: v.number(),
  total_stake: money,
  free_bet: v.boolean(),
  /** What it returns if every leg wins, at the stake now on it. */
  potential_return: money,
  /** What its settlement paid (null while open). */
  return: v.nullable(money),
  cashed_out: money,
  /** What it can be cashed out for now (null: not now, with `cash_out_reason`). */
  cash_out: v.nullable(money),
  cash_out_reason: v.nullable(v.picklist(['free_bet', 'settled', 'suspended'])),
  odds_change: v.picklist(ODDS_CHANGE_SETTINGS),
  placed_at: v.string(),
  settled_at: v.nullable(v.string()),
  legs: v.array(sbLeg),
});

const idList = (max: number) =>
  w.optional(w.text({ max: max * 11, pattern: new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${max - 1}}$`) }));

/**
 * The slip's selections: each outcome and the odds the player saw, `outcome@odds` comma-joined
 * (`1201@1.85,1302@2.10`), as a form field carries them; up to 20.
 */
export const SELECTIONS_PATTERN = /^\d{1,9}@\d{1,4}\.\d{2}(,\d{1,9}@\d{1,4}\.\d{2}){0,19}$/;
const selections = v.pipe(
  v.string('wrong_field'),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(20 * 18, 'max_length'),
  v.regex(SELECTIONS_PATTERN, 'wrong_field'),
  v.transform((value) =>
    value.split(',').map((item) => {
      const [id = '', odds = ''] = item.split('@');
      return { outcome_id: Number(id), odds };
    }),
  ),
);

const day = () => w.text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, code: 'date' });
const amount = w.text({ max: 20, pattern: /^\d{1,12}(\.\d{1,8})?$/, code: 'wrong_field' });
const requestId = w.text({ min: 8, max: 64, pattern: /^[A-Za-z0-9_-]+$/ });
const betId = w.text({ max: 19, pattern: /^\d{1,19}$/ });

/**
 * One event's change as the odds stream sends it (`/platform/sportsbook/stream`, an `event:
 * changes` message's data is a list of them; `id` is the stream's position). Changes only: the
 * event's own fields when one of them changed, then the markets and outcomes that changed or are
 * new. Odds in thousandths (1850 is 1.85), null when not offered.
 */
export interface SportsbookChange {
  event_id: number;
  competition_id: number;
  sport: string;
  event?: {
    status: (typeof EVENT_STATUSES)[number];
    score: { home: number; away: number } | null;
    clock: { minute: number; period: number; at: string; running: boolean } | null;
    starts_at: string;
    home: string;
    away: string;
  };
  markets?: { id: number; key: string; status: (typeof MARKET_STATUSES)[number] }[];
  outcomes?: {
    id: number;
    market_id: number;
    key: string;
    odds: number | null;
    status: (typeof OUTCOME_STATUSES)[number];
  }[];
}

/** An event as the back office's trading screen lists it (issue #30). */
export const staffSbEvent = v.object({
  id: v.number(),
  sport: v.string(),
  competition: v.string(),
  home: v.string(),
  away: v.string(),
  starts_at: v.string(),
  status: v.string(),
  markets: v.number(),
  /** Markets still open or suspended: no result yet. */
  undecided_markets: v.number(),
  /** Bets with a leg on the event still waiting for its result. */
  open_bets: v.number(),
});

/** What a decision on a market did: its status now, the bets on it, those settled at once. */
export const marketDecision = v.object({
  market_id: v.number(),
  status: v.picklist(['settled', 'void']),
  bets: v.number(),
  settled: v.number(),
});

export const sportsbook = {
  /** The sports and their competitions, with how many events each has live and to come. */
  getSports: method(
    'sportsbook',
    'getSports',
    'GET',
    'public',
    w.noParams,
    v.array(
      v.object({
        sport: v.picklist(SPORTS),
        live: v.number(),
        upcoming: v.number(),
        competitions: v.array(
          v.object({
            id: v.number(),
            name: v.string(),
            country: v.string(),
            live: v.number(),
            upcoming: v.number(),
          }),
        ),
      }),
    ),
    'built',
  ),
  /** Events with their main market: live, today's, to come, or the ones named (`ids`). */
  getEvents: method(
    'sportsbook',
    'getEvents',
    'GET',
    'public',
    w.params({
      ...paging,
      sport: w.optional(w.oneOf(SPORTS)),
      competition_id: w.optional(w.integer({ min: 1, max: 2_147_483_647 })),
      when: w.optional(w.oneOf(['live', 'today', 'upcoming', 'all'])),
      kind: w.optional(w.oneOf(['match', 'outright'])),
      ids: idList(50),
    }),
    book,
    'built',
  ),
  /** One event with every market. */
  getEvent: method(
    'sportsbook',
    'getEvent',
    'GET',
    'public',
    w.params({ id: w.integer({ min: 1, max: 2_147_483_647 }) }),
    v.object({ event: sbEvent, seq: v.string() }),
    'built',
  ),
  /**
   * Places a bet. `kind`: `single` (one selection; several singles are several calls),
   * `accumulator`, `system:<size>` or a named system (`@northstar/contract/bet-math`); `stake` per line. Refusals are
   * `InvalidRequest` with `error_data.reason`: `odds_changed` (`changes`: outcome, shown, now),
   * `selection_suspended` (`outcome_ids`), `same_event`, `stake_too_low`, `stake_too_high`,
   * `payout_too_high`, `self_excluded`, `loss_limit` (`available_minor`: what the player's loss
   * limit leaves, minor units), `idempotency_key_reused`; and insufficient funds.
   */
  place: method(
    'sportsbook',
    'place',
    'POST',
    'player',
    w.params({
      request_id: requestId,
      kind: w.text({ max: 20, pattern: /^(single|accumulator|system:\d{1,2}|[a-zA-Z0-9]{4,12})$/ }),
      selections,
      stake: amount,
      free_bet_id: w.optional(w.integer({ min: 1, max: 2_147_483_647 })),
      odds_change: w.optional(w.oneOf(ODDS_CHANGE_SETTINGS)),
    }),
    sbBet,
    'built',
  ),
  /**
   * The player's bets, newest first: open ones, settled ones, or all; `from`/`to` the first and
   * last day they were placed (UTC, as the game history's).
   */
  getBets: method(
    'sportsbook',
    'getBets',
    'GET',
    'player',
    w.params({
      ...paging,
      status: w.optional(w.oneOf(['open', 'settled', 'all'])),
      ids: idList(50),
      from: w.optional(day()),
      to: w.optional(day()),
    }),
    v.object({ total: v.number(), items: v.array(sbBet) }),
    'built',
  ),
  /**
   * Cashes out a bet, whole or in part (`amount`), at the value the player was shown (`quote`,
   * the whole bet's). Refusals: `cash_out_unavailable` (`why`), `cash_out_requoted`
   * (`value_minor`: the new one, minor units).
   */
  cashout: method(
    'sportsbook',
    'cashout',
    'POST',
    'player',
    w.params({
      bet_id: betId,
      request_id: requestId,
      quote: amount,
      amount: w.optional(amount),
    }),
    sbBet,
    'built',
  ),
  getSettings: method(
    'sportsbook',
    'getSettings',
    'GET',
    'player',
    w.noParams,
    v.object({ odds_change: v.picklist(ODDS_CHANGE_SETTINGS) }),
    'built',
  ),
  setSettings: method(
    'sportsbook',
    'setSettings',
    'POST',
    'player',
    w.params({ odds_change: w.oneOf(ODDS_CHANGE_SETTINGS) }),
    v.object({ odds_change: v.picklist(ODDS_CHANGE_SETTINGS) }),
    'built',
  ),
  /**
   * Staff only (ours, issue #30): events for trading, newest start first, with their markets
   * still undecided and the bets still waiting on them; `query` finds a team or competition.
   */
  stafflistevents: staffMethod(
    'sportsbook',
    'stafflistevents',
    'GET',
    ['risk'],
    w.params({
      ...paging,
      status: w.optional(w.oneOf(['prematch', 'live', 'suspended', 'ended', 'cancelled'])),
      query: w.optional(w.text({ max: 100 })),
    }),
    v.object({ total: v.number(), items: v.array(staffSbEvent) }),
  ),
  /** Staff only (ours, issue #30): one event with every market, its bets waiting and decisions. */
  staffgetevent: staffMethod(
    'sportsbook',
    'staffgetevent',
    'GET',
    ['risk'],
    w.params({ event_id: w.integer({ min: 1, max: 2_147_483_647 }) }),
    v.object({
      event: sbEvent,
      markets: v.array(
        v.object({
          id: v.number(),
          /** When staff settled or voided it by hand (the feed then leaves it alone). */
          decided_at: v.nullable(v.string()),
          open_bets: v.number(),
        }),
      ),
    }),
  ),
  /**
   * Staff only (ours, issue #30): settles a market by hand, each outcome's result by its key
   * (`{"home":"won","draw":"lost","away":"lost"}`), with a reason for the audit log. The bets on
   * it settle through the sportsbook's one settlement; a decided market may be decided again (a
   * correction: its bets are resettled).
   */
  staffsettlemarket: staffMethod(
    'sportsbook',
    'staffsettlemarket',
    'POST',
    ['risk'],
    w.params({
      market_id: w.integer({ min: 1, max: 2_147_483_647 }),
      results: w.json(
        v.record(
          v.pipe(v.string(), v.regex(/^[\p{L}\p{N} _.:'+-]{1,100}$/u, 'wrong_field')),
          v.picklist(SETTLE_RESULTS, 'wrong_field'),
          'wrong_field',
        ),
      ),
      reason: w.text({ min: 3, max: 500 }),
    }),
    marketDecision,
  ),
  /** Staff only (ours, issue #30): voids a market (every stake on it returned), with a reason. */
  staffvoidmarket: staffMethod(
    'sportsbook',
    'staffvoidmarket',
    'POST',
    ['risk'],
    w.params({
      market_id: w.integer({ min: 1, max: 2_147_483_647 }),
      reason_code: w.oneOf(VOID_REASONS),
      reason: w.text({ min: 3, max: 500 }),
    }),
    marketDecision,
  ),
};
