import type { Rng } from '../rng.ts';

/**
 * European roulette: one zero, 37 pockets. Every bet covers n numbers and returns 36/n times its
 * stake when one of them comes up (straight 35:1, split 17:1, street 11:1, corner 8:1, six line
 * 5:1, dozen and column 2:1, the even-money bets 1:1), so every bet returns 36/37 = 97.30 %.
 * A zero loses the even-money bets (no la partage: documented, the market pack may add it).
 */

export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const ROULETTE_RTP = 36 / 37;

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'sixline'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

export interface RouletteBet {
  kind: RouletteBetKind;
  /** The numbers an inside bet covers; the dozen's or column's index (1 to 3). */
  numbers?: number[];
  /** Minor units. */
  stake: number;
}

export class RouletteBetError extends Error {}

const row = (n: number) => Math.ceil(n / 3);
const col = (n: number) => ((n - 1) % 3) + 1;

function sortedUnique(numbers: number[] | undefined, count: number): number[] {
  const list = [...new Set(numbers ?? [])].sort((a, b) => a - b);
  if (list.length !== count || list.some((n) => !Number.isInteger(n) || n < 0 || n > 36)) {
    throw new RouletteBetError(`a ${count}-number bet needs ${count} different numbers`);
  }
  return list;
}

/** The numbers a bet covers, checked against the table's layout. */
export function coveredNumbers(bet: Pick<RouletteBet, 'kind' | 'numbers'>): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (bet.kind) {
    case 'straight':
      return sortedUnique(bet.numbers, 1);
    case 'split': {
      const [a, b] = sortedUnique(bet.numbers, 2) as [number, number];
      const beside = b - a === 1 && row(a) === row(b);
      const above = b - a === 3;
      const zero = a === 0 && b <= 3;
      if (!beside && !above && !zero) throw new RouletteBetError('a split covers two neighbours');
      return [a, b];
    }
    case 'street': {
      const list = sortedUnique(bet.numbers, 3);
      const [a, b, c] = list as [number, number, number];
      const line = a > 0 && col(a) === 1 && b === a + 1 && c === a + 2;
      const zeroTrio = a === 0 && ((b === 1 && c === 2) || (b === 2 && c === 3));
      if (!line && !zeroTrio) throw new RouletteBetError('a street is a row of three');
      return list;
    }
    case 'corner': {
      const list = sortedUnique(bet.numbers, 4);
      const [a, b, c, d] = list as [number, number, number, number];
      const square = a > 0 && col(a) < 3 && b === a + 1 && c === a + 3 && d === a + 4;
      const first4 = a === 0 && b === 1 && c === 2 && d === 3;
      if (!square && !first4) throw new RouletteBetError('a corner is a square of four');
      return list;
    }
    case 'sixline': {
      const list = sortedUnique(bet.numbers, 6);
      const a = list[0]!;
      if (a === 0 || col(a) !== 1 || a > 31 || list.some((n, i) => n !== a + i)) {
        throw new RouletteBetError('a six line is two rows of three');
      }
      return list;
    }
    case 'dozen':
    case 'column': {
      const index = bet.numbers?.[0];
      if (bet.numbers?.length !== 1 || !index || ![1, 2, 3].includes(index)) {
        throw new RouletteBetError('choose the first, second or third');
      }
      return bet.kind === 'dozen'
        ? all.filter((n) => row(n) > (index - 1) * 4 && row(n) <= index * 4)
        : all.filter((n) => col(n) === index);
    }
    case 'red':
      return all.filter((n) => RED.has(n));
    case 'black':
      return all.filter((n) => !RED.has(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n > 18);
  }
}

export interface RouletteRound {
  pocket: number;
  bets: (RouletteBet & { covered: number[]; win: number })[];
  stake: number;
  win: number;
}

/** One spin for a list of bets. Each covers a divisor of 36 numbers, so wins are whole minor units. */
export function playRoulette(rng: Rng, bets: RouletteBet[]): RouletteRound {
  if (bets.length === 0 || bets.length > 50) throw new RouletteBetError('place 1 to 50 bets');
  const checked = bets.map((bet) => {
    if (!Number.isSafeInteger(bet.stake) || bet.stake <= 0) {
      throw new RouletteBetError('a stake is a positive whole amount');
    }
    return { ...bet, covered: coveredNumbers(bet) };
  });
  const pocket = rng.int(37);
  let win = 0;
  let stake = 0;
  const settled = checked.map((bet) => {
    stake += bet.stake;
    const betWin = bet.covered.includes(pocket) ? (bet.stake * 36) / bet.covered.length : 0;
    win += betWin;
    return { ...bet, win: betWin };
  });
  return { pocket, bets: settled, stake, win };
}
