import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cryptoRng, type Rng } from '../rng.ts';
import {
  actBlackjack,
  blackjackView,
  dealBlackjack,
  handTotal,
  legalActions,
} from './blackjack.ts';
import { diceRoll, hashServerSeed, playDice, winningRolls } from './dice.ts';
import { coveredNumbers, playRoulette } from './roulette.ts';
import { playSlot, SLOT_VARIANTS } from './slot.ts';

/** An Rng that answers a script (for rule tests only; play and simulations use cryptoRng). */
function scripted(values: number[]): Rng {
  let i = 0;
  return {
    int(n) {
      const value = values[i++];
      if (value === undefined || value >= n) throw new Error(`script ran out at ${i} (n=${n})`);
      return value;
    },
  };
}
/**
 * An Rng that deals the given ranks, as spades, from the six-deck shoe's weighted pick (the shoe
 * keeps 52 counts in suit-major order, so spades of rank r sit after 39 card types and r − 1).
 */
function cards(...ranks: number[]): Rng {
  const drawn = new Map<number, number>();
  return {
    int(n) {
      const rank = ranks.shift();
      if (rank === undefined) throw new Error('no more cards');
      const index = 39 + rank - 1;
      let offset = 0;
      for (let i = 0; i < index; i++) offset += 6 - (drawn.get(i) ?? 0);
      if (offset >= n) throw new Error('the shoe has no such card');
      drawn.set(index, (drawn.get(index) ?? 0) + 1);
      return offset;
    },
  };
}

describe('slot', () => {
  it('pays a line of five wilds and counts scatters anywhere', () => {
    const variant = SLOT_VARIANTS['low-10']!;
    // Every cell wild: all 20 lines pay 5 wilds.
    const round = playSlot(
      scripted(Array(15).fill(0)),
      { ...variant, weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0] },
      100,
    );
    expect(round.base.lines).toHaveLength(20);
    expect(round.base.lines[0]).toMatchObject({ symbol: 'wild', count: 5, win: 3200 * 5 });
    expect(round.win).toBe(20 * 3200 * 5);
    expect(round.freeSpins).toHaveLength(0);
  });

  it('starts free spins on three scatters and multiplies their wins', () => {
    const variant = { ...SLOT_VARIANTS['low-10']!, weights: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] };
    // Reels 1-3 top row scatters (value 1 = scatter), the rest tens; free spins all tens.
    const base = [1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0];
    const round = playSlot(scripted([...base, ...Array(150).fill(0)]), variant, 100);
    expect(round.base.scatters).toBe(3);
    expect(round.base.scatterWin).toBe(200);
    expect(round.freeSpins).toHaveLength(10);
    // A free spin of all tens: 20 lines × 125 line bets (5 of a kind) × 5 minor units × 2.
    expect(round.freeSpins[0]!.win).toBe(20 * 125 * 5 * 2);
  });

  it('refuses a stake the 20 lines cannot split', () => {
    expect(() => playSlot(scripted([]), SLOT_VARIANTS['low-10']!, 30)).toThrow(RangeError);
  });
});

describe('roulette', () => {
  it('checks the layout of inside bets', () => {
    expect(coveredNumbers({ kind: 'split', numbers: [1, 4] })).toEqual([1, 4]);
    expect(() => coveredNumbers({ kind: 'split', numbers: [3, 4] })).toThrow();
    expect(coveredNumbers({ kind: 'corner', numbers: [5, 6, 8, 9] })).toEqual([5, 6, 8, 9]);
    expect(() => coveredNumbers({ kind: 'corner', numbers: [6, 7, 9, 10] })).toThrow();
    expect(coveredNumbers({ kind: 'column', numbers: [1] })).toHaveLength(12);
    expect(coveredNumbers({ kind: 'red' })).toHaveLength(18);
  });

  it('pays 35 to 1 on a straight and loses even money on zero', () => {
    const hit = playRoulette(scripted([17]), [{ kind: 'straight', numbers: [17], stake: 10 }]);
    expect(hit.win).toBe(360);
    const zero = playRoulette(scripted([0]), [
      { kind: 'red', stake: 10 },
      { kind: 'black', stake: 10 },
    ]);
    expect(zero).toMatchObject({ pocket: 0, win: 0, stake: 20 });
  });
});

describe('blackjack', () => {
  it('pays a natural 3 to 2 at once', () => {
    // Player A, dealer 9, player K, dealer 7.
    const state = dealBlackjack(cards(1, 9, 13, 7), 100);
    expect(state.phase).toBe('settled');
    expect(state.hands[0]).toMatchObject({ outcome: 'blackjack', payout: 250 });
  });

  it('the dealer stands on soft 17 and the hole card stays hidden until then', () => {
    // Player 10 + 8, dealer A + 6 (soft 17): the dealer peeks (no blackjack) and stands.
    const state = dealBlackjack(cards(10, 1, 8, 6), 100);
    expect(blackjackView(state).dealer).toHaveLength(1);
    actBlackjack(cards(), state, 'stand');
    expect(handTotal(state.dealer)).toEqual({ total: 17, soft: true });
    expect(state.dealer).toHaveLength(2);
    expect(state.hands[0]).toMatchObject({ outcome: 'win', payout: 200 });
  });

  it('splits once, doubles after the split, and never resplits', () => {
    // Player 8 + 8 against a dealer 6 + 10.
    const state = dealBlackjack(cards(8, 6, 8, 10), 100);
    expect(legalActions(state)).toContain('split');
    actBlackjack(cards(8, 3), state, 'split'); // hands 8+8 and 8+3
    expect(state.hands).toHaveLength(2);
    expect(legalActions(state)).not.toContain('split');
    actBlackjack(cards(), state, 'stand');
    actBlackjack(cards(10, 9), state, 'double'); // 8+3+10 = 21; dealer 16 draws a 9 and busts
    expect(state.hands.map((h) => [h.stake, h.outcome])).toEqual([
      [100, 'win'],
      [200, 'win'],
    ]);
  });
});

describe('provably fair dice', () => {
  it('the roll is the HMAC of the seeds, as the verification page computes it', () => {
    const serverSeed = 'a'.repeat(64);
    const digest = createHmac('sha256', serverSeed).update('player-seed:7').digest();
    expect(diceRoll(serverSeed, 'player-seed', 7)).toBe(
      Math.floor((digest.readUInt32BE(0) * 10_000) / 2 ** 32),
    );
    const round = playDice(
      { serverSeed, clientSeed: 'player-seed', nonce: 7 },
      { direction: 'under', target: 5000, stake: 100 },
      100,
    );
    expect(round.serverSeedHash).toBe(hashServerSeed(serverSeed));
    expect(round.win).toBe(round.roll < 5000 ? 198 : 0);
  });

  it('refuses a chance outside 1 % to 98 %', () => {
    expect(() => winningRolls('under', 50)).toThrow();
    expect(() => winningRolls('over', 100)).toThrow();
    expect(winningRolls('over', 4999)).toBe(5000);
  });
});

describe('the random source', () => {
  it('draws every value of a small range, and stays in range for ranges past 2³²', () => {
    const rng = cryptoRng();
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(rng.int(7));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (let i = 0; i < 1_000; i++) {
      const value = rng.int(1e12);
      expect(Number.isInteger(value) && value >= 0 && value < 1e12).toBe(true);
    }
    expect(() => rng.int(0)).toThrow(RangeError);
  });
});
