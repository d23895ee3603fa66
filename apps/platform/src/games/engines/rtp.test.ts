import { describe, expect, it } from 'vitest';
import { cryptoRng } from '../rng.ts';
import {
  actBlackjack,
  basicStrategy,
  blackjackPayout,
  blackjackStake,
  BLACKJACK_RTP,
  BLACKJACK_RTP_TOLERANCE,
  dealBlackjack,
} from './blackjack.ts';

import { newServerSeed, playDice } from './dice.ts';
import { playRoulette, ROULETTE_RTP, type RouletteBet } from './roulette.ts';
import { playSlot, SLOT_VARIANTS, slotReturn } from './slot.ts';

/**
 * Return-to-player simulations: a million rounds of each engine on the real random source, the
 * measured return compared with the figure the game's info panel states. The tolerance is four
 * standard errors of the measured mean (so a correct engine fails about once in 16,000 runs),
 * and the standard error itself must be small enough that the check means something.
 */
const ROUNDS = 1_000_000;
/** A million rounds take seconds; a loaded CI machine gets room. */
const SLOW = 180_000;

function measure(rounds: number, play: () => { stake: number; win: number }) {
  let staked = 0;
  let won = 0;
  let sumSquares = 0;
  for (let i = 0; i < rounds; i++) {
    const { stake, win } = play();
    staked += stake;
    won += win;
    sumSquares += (win / stake) ** 2;
  }
  const meanStake = staked / rounds;
  const rtp = won / staked;
  const perRound = sumSquares / rounds - (won / rounds / meanStake) ** 2;
  return { rtp, standardError: Math.sqrt(perRound / rounds) };
}

describe('return to player over a million rounds', () => {
  const rng = cryptoRng();

  it.each(Object.entries(SLOT_VARIANTS))(
    'slot %s',
    (_id, variant) => {
      const stated = slotReturn(variant).rtp;
      const { rtp, standardError } = measure(ROUNDS, () => playSlot(rng, variant, 100));
      expect(standardError).toBeLessThan(0.006);
      expect(Math.abs(rtp - stated)).toBeLessThan(4 * standardError);
    },
    SLOW,
  );

  it(
    'European roulette, every kind of bet',
    () => {
      const bets: RouletteBet[][] = [
        [{ kind: 'straight', numbers: [17], stake: 10 }],
        [{ kind: 'split', numbers: [0, 2], stake: 10 }],
        [{ kind: 'corner', numbers: [1, 2, 4, 5], stake: 10 }],
        [{ kind: 'dozen', numbers: [2], stake: 30 }],
        [{ kind: 'red', stake: 20 }],
        [
          { kind: 'low', stake: 20 },
          { kind: 'column', numbers: [3], stake: 10 },
        ],
      ];
      let i = 0;
      const { rtp, standardError } = measure(ROUNDS, () => playRoulette(rng, bets[i++ % 6]!));
      expect(standardError).toBeLessThan(0.004);
      expect(Math.abs(rtp - ROULETTE_RTP)).toBeLessThan(4 * standardError);
    },
    SLOW,
  );

  it(
    'blackjack played by basic strategy',
    () => {
      const { rtp, standardError } = measure(ROUNDS, () => {
        const state = dealBlackjack(rng, 100);
        while (state.phase === 'player') actBlackjack(rng, state, basicStrategy(state));
        return { stake: blackjackStake(state), win: blackjackPayout(state) };
      });
      expect(standardError).toBeLessThan(0.002);
      expect(Math.abs(rtp - BLACKJACK_RTP)).toBeLessThan(
        Math.max(4 * standardError, BLACKJACK_RTP_TOLERANCE),
      );
    },
    SLOW,
  );

  it.each([100, 200])(
    'provably fair dice, house edge %i basis points',
    (edge) => {
      const seeds = { serverSeed: newServerSeed(), clientSeed: 'simulation', nonce: 0 };
      const targets = [
        ['under', 4950],
        ['over', 2000],
        ['under', 1000],
        ['over', 9000],
      ] as const;
      const { rtp, standardError } = measure(ROUNDS, () => {
        const [direction, target] = targets[seeds.nonce % 4]!;
        const round = playDice(seeds, { direction, target, stake: 10_000 }, edge);
        seeds.nonce++;
        return { stake: 10_000, win: round.win };
      });
      expect(standardError).toBeLessThan(0.005);
      expect(Math.abs(rtp - (1 - edge / 10_000))).toBeLessThan(4 * standardError);
    },
    SLOW,
  );
});
