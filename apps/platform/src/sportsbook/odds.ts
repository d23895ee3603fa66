import { MAX_ODDS, MIN_ODDS, ODDS_SCALE } from '@northstar/contract/bet-math';

/**
 * Prices and the player's odds-change setting (issue #29).
 *
 * A market's outcomes have probabilities that sum to 1 (the feed's model moves them); the book
 * prices them with its margin: each outcome's decimal odds are `1 / (p × (1 + margin))`, rounded
 * down to two decimals, so the book's overround (Σ 1/odds) is never under `1 + margin`.
 */

/**
 * Prices for a market's outcomes from their probabilities, in odds thousandths. An outcome so
 * likely that its price would be under the book's lowest odds (1.001) is not offered (null):
 * raising it to 1.001 would give the player more than the book's margin allows.
 */
export function priceMarket(
  probabilities: readonly number[],
  marginBasisPoints: number,
): (number | null)[] {
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  if (probabilities.some((p) => !(p > 0)) || Math.abs(total - 1) > 1e-9) {
    throw new RangeError('a market’s probabilities are positive and sum to 1');
  }
  const loaded = 1 + marginBasisPoints / 10_000;
  return probabilities.map((p) => {
    // Down to two decimals (a multiple of 10 thousandths), within the book's range.
    const odds = Math.floor(ODDS_SCALE / (p * loaded) / 10) * 10;
    return odds < MIN_ODDS ? null : Math.min(MAX_ODDS, odds);
  });
}

/** The book's overround of a priced market: Σ 1/odds (1.05 for a 5 % margin). */
export function overround(odds: readonly number[]): number {
  return odds.reduce((sum, o) => sum + ODDS_SCALE / o, 0);
}

/**
 * What a player accepts when the odds move between the slip and the placement (UKGC RTS 2C):
 * `any` change, only `higher` odds, or `none` (the odds as shown, or a re-quote).
 */
export type OddsChangeSetting = 'any' | 'higher' | 'none';

export function acceptsOdds(setting: OddsChangeSetting, shown: number, now: number): boolean {
  if (setting === 'any') return true;
  if (setting === 'higher') return now >= shown;
  return now === shown;
}
