import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably fair dice. Before a bet the player sees the SHA-256 hash of the server seed; the
 * client seed is theirs to change; every bet uses the next nonce. The roll is
 *   HMAC-SHA-256(key = server seed, message = "{client seed}:{nonce}"),
 * its first four bytes read as a big-endian unsigned integer u, roll = floor(u × 10000 / 2³²),
 * shown as 0.00 to 99.99. Rotating the seed reveals the old server seed, so any past roll can be
 * recomputed (the verification page does it in the browser with WebCrypto).
 *
 * A bet is "under" or "over" a target (in hundredths); it wins on `winningRolls` of the 10,000
 * rolls and pays floor(stake × (10000 − edge) / winningRolls), edge in basis points, so the
 * return to player is 1 − edge (less the rounding down of a part of a minor unit).
 */

export const DICE_ROLLS = 10_000;
export const MIN_WIN_ROLLS = 100; // 1 % chance at least
export const MAX_WIN_ROLLS = 9_800; // 98 % at most

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export function diceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
  return Math.floor((digest.readUInt32BE(0) * DICE_ROLLS) / 2 ** 32);
}

export type DiceDirection = 'under' | 'over';

export class DiceBetError extends Error {}

/** How many of the 10,000 rolls win: under t wins on 0…t−1, over t on t+1…9999. */
export function winningRolls(direction: DiceDirection, target: number): number {
  if (!Number.isInteger(target) || target < 0 || target >= DICE_ROLLS) {
    throw new DiceBetError('the target is 0.00 to 99.99');
  }
  const count = direction === 'under' ? target : DICE_ROLLS - 1 - target;
  if (count < MIN_WIN_ROLLS || count > MAX_WIN_ROLLS) {
    throw new DiceBetError('the chance to win is 1 % to 98 %');
  }
  return count;
}

export function diceWins(roll: number, direction: DiceDirection, target: number): boolean {
  return direction === 'under' ? roll < target : roll > target;
}

export function dicePayout(stake: number, winning: number, edgeBasisPoints: number): number {
  return Math.floor((stake * (DICE_ROLLS - edgeBasisPoints)) / winning);
}

export interface DiceRound {
  roll: number;
  win: number;
  multiplier: number;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
}

export function playDice(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  bet: { direction: DiceDirection; target: number; stake: number },
  edgeBasisPoints: number,
): DiceRound {
  if (!Number.isSafeInteger(bet.stake) || bet.stake <= 0) throw new DiceBetError('stake');
  const winning = winningRolls(bet.direction, bet.target);
  const roll = diceRoll(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
  const win = diceWins(roll, bet.direction, bet.target)
    ? dicePayout(bet.stake, winning, edgeBasisPoints)
    : 0;
  return {
    roll,
    win,
    multiplier: (DICE_ROLLS - edgeBasisPoints) / winning,
    nonce: seeds.nonce,
    clientSeed: seeds.clientSeed,
    serverSeedHash: hashServerSeed(seeds.serverSeed),
  };
}
