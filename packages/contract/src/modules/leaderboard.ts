import * as v from 'valibot';
import * as w from '../wire.ts';
import { method } from './shared.ts';
import { leaderboardRow, TOURNAMENT_STATUSES } from './tournaments.ts';

// §7 `leaderboard`: its methods (issue #27).

const board = v.object({
  tournament_id: v.number(),
  /** The board's version (the live stream's event id). */
  revision: v.string(),
  status: v.picklist(TOURNAMENT_STATUSES),
  total: v.number(),
  items: v.array(leaderboardRow),
  /** The signed-in player's row wherever it is (null: not taking part). */
  me: v.nullable(leaderboardRow),
});

export const leaderboard = {
  /** A page of one tournament's leaderboard, with the player's own row. */
  get: method(
    'leaderboard',
    'get',
    'GET',
    'public',
    w.params({
      id: w.integer({ min: 1, max: 2_147_483_647 }),
      count: w.optional(w.integer({ min: 1, max: 100 })),
      offset: w.optional(w.integer({ min: 0, max: 1_000_000 })),
    }),
    board,
    'built',
  ),
  /**
   * What the live stream sends (the top 20 and the player's row) as one answer: the first screen
   * of a page, and the fallback where Server-Sent Events cannot connect. Without `id`, the active
   * tournament ending first.
   */
  live: method(
    'leaderboard',
    'live',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1, max: 2_147_483_647 })) }),
    v.nullable(board),
    'built',
  ),
  /** The winners (the places with a prize) of one finished tournament, or of the latest five. */
  top: method(
    'leaderboard',
    'top',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1, max: 2_147_483_647 })) }),
    v.array(
      v.object({
        tournament_id: v.number(),
        title: v.string(),
        ends_at: v.string(),
        winners: v.array(v.object({ place: v.number(), name: v.string(), points: v.string() })),
      }),
    ),
    'built',
  ),
};
