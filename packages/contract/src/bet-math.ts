/**
 * The sportsbook's bet arithmetic (issue #29): which lines a bet is made of, what it may return,
 * what it returns once its legs are settled, and what it is worth to cash out. Pure and exact:
 * money in whole cents, odds in thousandths (decimal odds 1.85 → 1850), products in BigInt
 * rationals, one rounding per line (down to the cent, the house's side, as every book does).
 *
 * - A **single** is one line of one leg; an **accumulator** one line of all its legs (2 to 20).
 * - A **system** is every combination of its legs of the sizes it names: `2/3` is the three
 *   doubles of three legs; the named ones are full covers (Trixie: the doubles and the treble of
 *   3 legs, 4 lines; Patent adds the singles, 7; Yankee 11 of 4 legs; Lucky 15 adds the singles;
 *   Canadian 26 of 5; Lucky 31; Heinz 57 of 6; Lucky 63; Super Heinz 120 of 7; Goliath 247 of 8).
 *   The stake is per line.
 * - A leg settles won (its odds), lost (0), void (1.00: the line goes on without it), half-won
 *   (half the stake at its odds, half returned: (odds + 1) / 2) or half-lost (half returned: 1/2),
 *   the last two for quarter lines of Asian handicaps and totals.
 * - A free bet's stake is not returned: a line pays what it returns beyond its stake, or nothing.
 */

/** Odds are thousandths: 1.85 is 1850. The lowest a book offers is 1.001. */
export const ODDS_SCALE = 1000;
export const MIN_ODDS = 1001;
/** The highest odds one leg may carry (1,000.00). */
export const MAX_ODDS = 1_000_000;
export const MAX_LEGS = 20;

export type LegResult = 'pending' | 'won' | 'lost' | 'void' | 'half-won' | 'half-lost';

/** The named full-cover systems: their leg count and the line sizes they cover. */
export const NAMED_SYSTEMS = {
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
  superHeinz: { legs: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { legs: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
} as const satisfies Record<string, { legs: number; sizes: readonly number[] }>;

export type NamedSystem = keyof typeof NAMED_SYSTEMS;

export type BetKind =
  | { type: 'single' }
  | { type: 'accumulator' }
  /** `size` of `legs`: 2/3, 3/4, … (every combination of that many legs). */
  | { type: 'system'; size: number }
  | { type: 'named'; name: NamedSystem };

/**
 * A bet's kind as the API and the book's rows write it: `single`, `accumulator`, `system:2`, or a
 * named system (`yankee`); null when it is none of them.
 */
export function parseBetKind(text: string): BetKind | null {
  if (text === 'single' || text === 'accumulator') return { type: text };
  const system = /^system:(\d{1,2})$/.exec(text);
  if (system) return { type: 'system', size: Number(system[1]) };
  if (Object.hasOwn(NAMED_SYSTEMS, text)) return { type: 'named', name: text as NamedSystem };
  return null;
}

/** Odds in thousandths as the API writes them: 1850 → "1.85". */
export const oddsText = (odds: number): string => (odds / ODDS_SCALE).toFixed(2);

export class BetShapeError extends Error {
  override name = 'BetShapeError';
}

/** Every combination of `size` of the indices `0 … count - 1`, in lexicographic order. */
export function combinations(count: number, size: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === size) {
      out.push([...pick]);
      return;
    }
    for (let index = from; index <= count - (size - pick.length); index += 1) {
      pick.push(index);
      walk(index + 1);
      pick.pop();
    }
  };
  if (size >= 1 && size <= count) walk(0);
  return out;
}

/** The lines of a bet of `kind` on `legCount` legs, each a list of leg indices. */
export function betLines(kind: BetKind, legCount: number): number[][] {
  if (!Number.isInteger(legCount) || legCount < 1 || legCount > MAX_LEGS) {
    throw new BetShapeError(`a bet has 1 to ${MAX_LEGS} legs`);
  }
  switch (kind.type) {
    case 'single':
      if (legCount !== 1) throw new BetShapeError('a single has one leg');
      return [[0]];
    case 'accumulator':
      if (legCount < 2) throw new BetShapeError('an accumulator has at least two legs');
      return [Array.from({ length: legCount }, (_, index) => index)];
    case 'system':
      if (!Number.isInteger(kind.size) || kind.size < 2 || kind.size >= legCount) {
        throw new BetShapeError('a system’s lines have 2 to one fewer than its legs');
      }
      return combinations(legCount, kind.size);
    case 'named': {
      const system = NAMED_SYSTEMS[kind.name];
      if (legCount !== system.legs) {
        throw new BetShapeError(`a ${kind.name} has ${system.legs} legs`);
      }
      return system.sizes.flatMap((size) => combinations(legCount, size));
    }
  }
}

/** A non-negative rational, for products of odds. */
interface Ratio {
  num: bigint;
  den: bigint;
}

const SCALE = BigInt(ODDS_SCALE);

/** What one settled leg multiplies its lines by; null while it is pending. */
export function legFactor(odds: number, result: LegResult): Ratio | null {
  const value = BigInt(odds);
  switch (result) {
    case 'pending':
      return null;
    case 'won':
      return { num: value, den: SCALE };
    case 'lost':
      return { num: 0n, den: 1n };
    case 'void':
      return { num: 1n, den: 1n };
    case 'half-won':
      return { num: value + SCALE, den: 2n * SCALE };
    case 'half-lost':
      return { num: 1n, den: 2n };
  }
}

/** `stake × Π factors`, down to the cent. */
function lineAmount(stake: number, factors: readonly Ratio[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const factor of factors) {
    num *= factor.num;
    den *= factor.den;
  }
  return Number(num / den);
}

export interface Leg {
  /** The odds taken, in thousandths. */
  odds: number;
  result: LegResult;
}

export interface Bet {
  kind: BetKind;
  legs: readonly Leg[];
  /** Per line, in cents. */
  stake: number;
  /** A free bet: its stake is not returned. */
  free?: boolean;
}

function checkBet(bet: Bet): number[][] {
  if (!Number.isSafeInteger(bet.stake) || bet.stake < 1) {
    throw new BetShapeError('the stake is a whole number of cents, at least 1');
  }
  for (const leg of bet.legs) {
    if (!Number.isInteger(leg.odds) || leg.odds < MIN_ODDS || leg.odds > MAX_ODDS) {
      throw new BetShapeError(`odds are ${MIN_ODDS} to ${MAX_ODDS} thousandths`);
    }
  }
  return betLines(bet.kind, bet.legs.length);
}

/** What a line pays its player: a free bet's line keeps only what it won beyond its stake. */
function paid(bet: Bet, amount: number): number {
  return bet.free ? Math.max(0, amount - bet.stake) : amount;
}

/** The total stake: the stake per line times the lines (a free bet's is the operator's). */
export function totalStake(bet: Bet): number {
  return bet.stake * checkBet(bet).length;
}

/** What the bet returns if every leg wins (shown on the slip before it is placed). */
export function potentialReturn(bet: Bet): number {
  const lines = checkBet(bet);
  return lines.reduce(
    (sum, line) =>
      sum +
      paid(
        bet,
        lineAmount(
          bet.stake,
          line.map((index) => legFactor(bet.legs[index]!.odds, 'won')!),
        ),
      ),
    0,
  );
}

export interface Settlement {
  /** Every line is settled: the bet pays `returned` and is closed. */
  settled: boolean;
  /** What the settled lines pay (the whole return once `settled`). */
  returned: number;
  /** The lines still open (a leg pending and none of their legs lost). */
  openLines: number;
}

/**
 * What the bet pays from its legs' results. A line settles when one of its legs is lost (it pays
 * nothing) or when every leg has a result; the bet settles when every line has.
 */
export function settle(bet: Bet): Settlement {
  const lines = checkBet(bet);
  let returned = 0;
  let openLines = 0;
  for (const line of lines) {
    const factors = line.map((index) => legFactor(bet.legs[index]!.odds, bet.legs[index]!.result));
    if (factors.some((factor) => factor !== null && factor.num === 0n)) continue;
    if (factors.some((factor) => factor === null)) {
      openLines += 1;
      continue;
    }
    returned += paid(bet, lineAmount(bet.stake, factors as Ratio[]));
  }
  return { settled: openLines === 0, returned, openLines };
}

/**
 * What the bet is worth to cash out now: each open line at the odds the market gives its pending
 * legs now (`current`, thousandths, by leg index), `stake × Π settled factors × Π taken / current`,
 * less the operator's `marginBasisPoints` (500 = 5 %), down to the cent; plus what settled lines
 * already pay. Null when a pending leg has no price now (its market is suspended: no cash-out), and
 * for a free bet, which is not cashed out (as at most books: its stake was never the player's).
 */
export function cashOutValue(
  bet: Bet,
  current: ReadonlyMap<number, number>,
  marginBasisPoints: number,
): number | null {
  const lines = checkBet(bet);
  if (bet.free) return null;
  if (
    !Number.isInteger(marginBasisPoints) ||
    marginBasisPoints < 0 ||
    marginBasisPoints >= 10_000
  ) {
    throw new BetShapeError('the margin is 0 to 9,999 basis points');
  }
  for (const [index, leg] of bet.legs.entries()) {
    if (leg.result !== 'pending') continue;
    const odds = current.get(index);
    if (odds === undefined) return null;
    if (!Number.isInteger(odds) || odds < MIN_ODDS || odds > MAX_ODDS) {
      throw new BetShapeError(`odds are ${MIN_ODDS} to ${MAX_ODDS} thousandths`);
    }
  }
  const keep: Ratio = { num: BigInt(10_000 - marginBasisPoints), den: 10_000n };
  let value = 0;
  for (const line of lines) {
    const factors: Ratio[] = [];
    let open = false;
    for (const index of line) {
      const leg = bet.legs[index]!;
      const factor = legFactor(leg.odds, leg.result);
      if (factor === null) {
        open = true;
        factors.push({ num: BigInt(leg.odds), den: BigInt(current.get(index)!) });
      } else factors.push(factor);
    }
    if (factors.some((factor) => factor.num === 0n)) continue;
    if (open) factors.push(keep);
    value += lineAmount(bet.stake, factors);
  }
  return value;
}

/**
 * A partial cash-out of `amount` cents out of the bet's whole cash-out `value`: the stake per line
 * that stays on the bet, reduced in proportion and rounded down (the house's side). Null when
 * nothing would stay (that is a full cash-out) or the amount is not a part of the value.
 */
export function stakeAfterPartialCashOut(bet: Bet, value: number, amount: number): number | null {
  checkBet(bet);
  if (
    !Number.isSafeInteger(amount) ||
    !Number.isSafeInteger(value) ||
    amount < 1 ||
    amount >= value
  ) {
    return null;
  }
  const left = Number((BigInt(bet.stake) * BigInt(value - amount)) / BigInt(value));
  return left >= 1 ? left : null;
}
