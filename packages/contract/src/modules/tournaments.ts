import * as v from 'valibot';
import { listOf, money } from '../entities.ts';
import * as w from '../wire.ts';
import { fieldsParam, method, ok, paging, staffMethod } from './shared.ts';

// §7 `tournaments`: its methods, and the entities only tournaments and leaderboards use (issue #27).

export const TOURNAMENT_STATUSES = ['future', 'active', 'finished'] as const;
export const TOURNAMENT_SCORINGS = ['wins', 'multiplier', 'rounds', 'net'] as const;
export const TOURNAMENT_ENTRIES = ['participate', 'auto'] as const;
export const PRIZE_TYPES = ['cash', 'bonus', 'freespins'] as const;

/** One place's prize: cash (`amount`), or a bonus / free-spin pack (the bonus template's id). */
export const tournamentPrize = v.object({
  place: v.number(),
  type: v.picklist(PRIZE_TYPES),
  /** Cash prizes: the amount; null for a bonus or free spins. */
  amount: v.nullable(money),
  /** Bonus and free-spin prizes: the bonus template granted. */
  template_id: v.nullable(v.number()),
});

/** A row of a leaderboard. `points` is the score: minor units, rounds, or a multiplier × 100. */
export const leaderboardRow = v.object({
  place: v.nullable(v.number()),
  name: v.string(),
  points: v.string(),
  rounds: v.number(),
  is_current_user: v.boolean(),
});

/**
 * §3 Tournament (id, games_count, total_prize, user_info, winners, restrictions,
 * total_participants, total_points, reset_on_cashout, provider, image_url, tags, extra), and ours:
 * its title, schedule and status, scoring, minimum stake, entry and prize table.
 */
export const tournament = v.object({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  status: v.picklist(TOURNAMENT_STATUSES),
  starts_at: v.string(),
  ends_at: v.string(),
  games_count: v.number(),
  /** The cash prizes' sum (bonus and free-spin prizes are in `prizes`). */
  total_prize: money,
  prizes: v.array(tournamentPrize),
  /** The signed-in player's entry (null for a visitor or a player who has not joined). */
  user_info: v.nullable(
    v.object({ place: v.nullable(v.number()), points: v.string(), rounds: v.number() }),
  ),
  /** The places with a prize, once the tournament is finalized (empty before). */
  winners: v.array(v.object({ place: v.number(), name: v.string(), points: v.string() })),
  restrictions: v.object({
    countries: v.array(v.string()),
    currencies: v.array(v.string()),
    /** Only players registered at most this many days before the start (null: anyone). */
    new_players_days: v.nullable(v.number()),
  }),
  total_participants: v.number(),
  /** The sum of every participant's points. */
  total_points: v.string(),
  reset_on_cashout: v.boolean(),
  /** The first provider that counts (null: games are named, or every game counts). */
  provider: v.nullable(v.string()),
  image_url: v.nullable(v.string()),
  tags: v.array(v.string()),
  extra: v.object({
    scoring: v.picklist(TOURNAMENT_SCORINGS),
    min_stake: money,
    entry: v.picklist(TOURNAMENT_ENTRIES),
    games: v.array(v.string()),
    providers: v.array(v.string()),
    /** The live leaderboard's Server-Sent Events stream. */
    live_url: v.string(),
  }),
});

const csv = (max = 500) => w.optional(w.text({ max, pattern: /^[A-Za-z0-9_.,-]*$/ }));

export const tournaments = {
  get: method(
    'tournaments',
    'get',
    'GET',
    'public',
    w.params({
      ...paging,
      /** Comma-separated ids. */
      ids: w.optional(w.text({ max: 500, pattern: /^\d{1,9}(,\d{1,9})*$/ })),
      fields: fieldsParam,
      status: w.optional(w.oneOf(['all', 'future', 'active', 'finished'])),
    }),
    listOf(tournament),
    'built',
  ),
  participate: method(
    'tournaments',
    'participate',
    'POST',
    'player',
    w.params({ tournament_id: w.integer({ min: 1, max: 2_147_483_647 }) }),
    ok,
    'built',
  ),
  /** Staff only (ours, issue #27): a new tournament (the back office adds screens later). */
  staffcreate: staffMethod(
    'tournaments',
    'staffcreate',
    'POST',
    ['content', 'finance'],
    w.params({
      title: w.text({ min: 1, max: 200 }),
      description: w.optional(w.text({ max: 5000 })),
      image_url: w.optional(w.text({ max: 500 })),
      /** ISO instants. */
      starts_at: w.text({ max: 40, pattern: /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/ }),
      ends_at: w.text({ max: 40, pattern: /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/ }),
      currency: w.text({ min: 3, max: 3, pattern: /^[A-Z]{3}$/ }),
      scoring: w.oneOf(TOURNAMENT_SCORINGS),
      /** Comma-separated game sysnames / provider ids that count; both empty: every game. */
      games: csv(),
      providers: csv(),
      /** In the tournament's currency, e.g. "0.50". */
      min_stake: w.optional(w.text({ max: 16, pattern: /^\d{1,12}(\.\d{1,4})?$/ })),
      /** Comma-separated ISO country codes / currency codes allowed (empty: any). */
      countries: csv(),
      currencies: csv(),
      new_players_days: w.optional(w.integer({ min: 1, max: 3650 })),
      /**
       * JSON: [{ "place": 1, "type": "cash", "amount": "100.00" } |
       * { "place": 2, "type": "bonus" | "freespins", "template_id": 3 }].
       */
      prizes: w.json(
        v.pipe(
          v.array(
            v.object({
              place: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
              type: v.picklist(PRIZE_TYPES),
              amount: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,4})?$/))),
              template_id: v.optional(
                v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
              ),
            }),
          ),
          v.maxLength(100),
        ),
      ),
      reset_on_cashout: w.optional(w.flag()),
      entry: w.optional(w.oneOf(TOURNAMENT_ENTRIES)),
      tags: csv(),
    }),
    v.object({ id: v.number() }),
  ),
  /**
   * Staff only (ours, issue #30): every tournament, newest start first, as the site shows it
   * (the back office's list; `status` filters by the schedule).
   */
  stafflist: staffMethod(
    'tournaments',
    'stafflist',
    'GET',
    ['content', 'finance'],
    w.params({ ...paging, status: w.optional(w.oneOf(['all', 'future', 'active', 'finished'])) }),
    listOf(tournament),
  ),
  /**
   * Staff only (ours, issue #27): ends a tournament now (set up wrongly, a game withdrawn); its
   * prizes are paid like at any end. One already ended is refused (`tournament_finished`).
   */
  staffend: staffMethod(
    'tournaments',
    'staffend',
    'POST',
    ['content', 'finance'],
    w.params({ tournament_id: w.integer({ min: 1, max: 2_147_483_647 }) }),
    v.object({ id: v.number(), ends_at: v.string() }),
  ),
};
