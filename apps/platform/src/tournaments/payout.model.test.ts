import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrizeSpec } from './schema.ts';
import { awards, type Standing } from './scoring.ts';

/**
 * The prize payout against a reference model (issue #27): for any board and prize table, each
 * prize goes to exactly one player, nobody is paid twice, a player with no counted round is never
 * paid, the amounts are the table's, and ties are broken by the documented rule — here written a
 * second, independent way: a player's place is 1 + the number of players strictly ahead of them.
 */

function ahead(a: Standing, b: Standing): boolean {
  // Is `a` ahead of `b`?
  if (a.score !== b.score) return a.score > b.score;
  if (a.reachedAt!.getTime() !== b.reachedAt!.getTime()) {
    return a.reachedAt!.getTime() < b.reachedAt!.getTime();
  }
  return a.entryId < b.entryId;
}

function model(board: Standing[], prizes: PrizeSpec[]) {
  const played = board.filter((s) => s.reachedAt !== null);
  const paid = new Map<number, { place: number; prize: PrizeSpec }>();
  for (const s of played) {
    const place = 1 + played.filter((o) => o !== s && ahead(o, s)).length;
    const prize = prizes.find((p) => p.place === place);
    if (prize) paid.set(s.playerId, { place, prize });
  }
  return paid;
}

const boardArb = fc
  .array(
    fc.record({
      score: fc.bigInt({ min: -50n, max: 50n }),
      // Few distinct times and scores, so ties are common.
      reachedAt: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    }),
    { maxLength: 12 },
  )
  .map((rows) =>
    rows.map((r, i) => ({
      playerId: 100 + i,
      entryId: i + 1,
      score: r.reachedAt === null ? 0n : r.score,
      reachedAt: r.reachedAt === null ? null : new Date(r.reachedAt * 1000),
    })),
  );

const prizesArb = fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 6 }).chain((places) =>
  fc.tuple(
    ...places.map((place) =>
      fc.oneof(
        fc
          .integer({ min: 1, max: 100_000 })
          .map((n): PrizeSpec => ({ place, type: 'cash', amount_minor: String(n) })),
        fc
          .integer({ min: 1, max: 9 })
          .map((id): PrizeSpec => ({ place, type: 'freespins', template_id: id })),
      ),
    ),
  ),
);

describe('prize payout model', () => {
  it('pays each prize once, to the player the tie rule places there, with the table amount', () => {
    fc.assert(
      fc.property(boardArb, prizesArb, (board, prizes) => {
        const won = awards(board, prizes);
        const expected = model(board, prizes);
        // Nobody twice, no place twice.
        expect(new Set(won.map((a) => a.playerId)).size).toBe(won.length);
        expect(new Set(won.map((a) => a.place)).size).toBe(won.length);
        expect(won.length).toBe(expected.size);
        for (const award of won) {
          const want = expected.get(award.playerId);
          expect(want).toBeDefined();
          expect(award.place).toBe(want!.place);
          expect(award.prize).toEqual(want!.prize);
          expect(board.find((s) => s.playerId === award.playerId)!.reachedAt).not.toBeNull();
        }
        // Every prize whose place is reached is paid.
        const playedCount = board.filter((s) => s.reachedAt !== null).length;
        expect(won.length).toBe(prizes.filter((p) => p.place <= playedCount).length);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
