import { weightedPick, type Rng } from '../rng.ts';

/**
 * The 5-reel video slot: 5 reels of 3 rows, 20 fixed paylines paid left to right, a wild that
 * stands in for every paying symbol (and pays on its own), a scatter that pays anywhere and, three
 * or more of them, starts free spins with a multiplier (no retrigger inside the feature).
 *
 * Each cell is drawn on its own from the variant's symbol weights (a "virtual reel"), so the
 * return to player is exact arithmetic (`slotReturn`): the line pays are summed over every one of
 * the 11⁵ symbol combinations a line can show, the scatter over the binomial count of scatters.
 * The simulation test checks the engine against that figure over a million spins.
 *
 * Money: the stake is a whole number of minor units divisible by the 20 lines, so every win is a
 * whole number of minor units (line pays in line bets, scatter pays in stakes).
 */

export const SYMBOLS = [
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
  'bell',
  'bar',
  'seven',
  'diamond',
  'wild',
  'scatter',
] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
const WILD = 9;
const SCATTER = 10;
export const REELS = 5;
export const ROWS = 3;

/** The 20 paylines: the row each reel's cell is taken from. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];
export const LINES = PAYLINES.length;

export type Volatility = 'low' | 'medium' | 'high';

export interface SlotVariant {
  volatility: Volatility;
  /** Cell weights, one per symbol of SYMBOLS. */
  weights: readonly number[];
  /** Line pays in line bets for 3, 4 and 5 of a kind, per symbol (the scatter's row unused). */
  pays: readonly (readonly [number, number, number])[];
  /** Scatter pays in stakes for 3, 4 and 5 or more anywhere. */
  scatterPays: readonly [number, number, number];
  freeSpins: number;
  freeSpinMultiplier: number;
}

const LOW_PAYS: SlotVariant['pays'] = [
  [15, 30, 125],
  [15, 40, 150],
  [20, 50, 160],
  [25, 65, 200],
  [30, 80, 250],
  [50, 130, 400],
  [65, 200, 650],
  [100, 300, 1000],
  [130, 400, 1600],
  [160, 650, 3200],
  [0, 0, 0],
];
const HIGH_PAYS: SlotVariant['pays'] = [
  [12, 30, 150],
  [12, 35, 175],
  [15, 45, 220],
  [18, 60, 300],
  [25, 90, 450],
  [45, 180, 900],
  [75, 300, 1500],
  [120, 600, 3000],
  [180, 900, 6000],
  [300, 1500, 15000],
  [0, 0, 0],
];

const LOW_WEIGHTS = [22, 21, 20, 18, 16, 10, 8, 6, 5, 3, 3];
const MEDIUM_WEIGHTS = [24, 22, 20, 18, 16, 9, 7, 5, 4, 3, 3];
const HIGH_WEIGHTS = [26, 24, 22, 20, 18, 8, 6, 4, 3, 2, 3];

/** The paytables the catalogue's slots are built on (volatility × free-spin count). */
export const SLOT_VARIANTS: Readonly<Record<string, SlotVariant>> = {
  'low-10': {
    volatility: 'low',
    weights: LOW_WEIGHTS,
    pays: LOW_PAYS,
    scatterPays: [2, 10, 50],
    freeSpins: 10,
    freeSpinMultiplier: 2,
  },
  'low-12': {
    volatility: 'low',
    weights: LOW_WEIGHTS,
    pays: LOW_PAYS,
    scatterPays: [2, 10, 50],
    freeSpins: 12,
    freeSpinMultiplier: 2,
  },
  'medium-8': {
    volatility: 'medium',
    weights: MEDIUM_WEIGHTS,
    pays: HIGH_PAYS,
    scatterPays: [2, 15, 100],
    freeSpins: 8,
    freeSpinMultiplier: 2,
  },
  'high-12': {
    volatility: 'high',
    weights: HIGH_WEIGHTS,
    pays: HIGH_PAYS,
    scatterPays: [3, 20, 200],
    freeSpins: 12,
    freeSpinMultiplier: 3,
  },
  'high-15': {
    volatility: 'high',
    weights: HIGH_WEIGHTS,
    pays: HIGH_PAYS,
    scatterPays: [3, 20, 200],
    freeSpins: 15,
    freeSpinMultiplier: 3,
  },
};
export type SlotVariantId = keyof typeof SLOT_VARIANTS & string;

export interface SlotSpin {
  /** reels[reel][row], symbol names. */
  reels: SlotSymbol[][];
  /** Paying lines: the line's index, the symbol, how many in a row, the win in minor units. */
  lines: { line: number; symbol: SlotSymbol; count: number; win: number }[];
  scatters: number;
  scatterWin: number;
  /** The spin's win in minor units (multiplier applied). */
  win: number;
}

export interface SlotRound {
  stake: number;
  base: SlotSpin;
  /** The free spins the base spin started (empty when it did not). */
  freeSpins: SlotSpin[];
  multiplier: number;
  win: number;
}

function lineMultiple(
  cells: readonly number[],
  pays: SlotVariant['pays'],
): [number, number, number] {
  let wildRun = 0;
  while (wildRun < REELS && cells[wildRun] === WILD) wildRun++;
  const wildPay = wildRun >= 3 ? pays[WILD]![wildRun - 3]! : 0;
  if (wildRun === REELS) return [wildPay, WILD, wildRun];
  const first = cells[wildRun]!;
  if (first === SCATTER) return [wildPay, WILD, wildRun];
  let count = wildRun + 1;
  while (count < REELS && (cells[count] === first || cells[count] === WILD)) count++;
  const symbolPay = count >= 3 ? pays[first]![count - 3]! : 0;
  return symbolPay >= wildPay ? [symbolPay, first, count] : [wildPay, WILD, wildRun];
}

function scatterMultiple(count: number, variant: SlotVariant): number {
  return count >= 3 ? variant.scatterPays[Math.min(count, 5) - 3]! : 0;
}

function spinOnce(rng: Rng, variant: SlotVariant, stake: number, multiplier: number): SlotSpin {
  const total = variant.weights.reduce((a, b) => a + b, 0);
  const grid: number[][] = [];
  let scatters = 0;
  for (let reel = 0; reel < REELS; reel++) {
    const column: number[] = [];
    for (let row = 0; row < ROWS; row++) {
      const symbol = weightedPick(rng, variant.weights, total);
      if (symbol === SCATTER) scatters++;
      column.push(symbol);
    }
    grid.push(column);
  }
  const lineBet = stake / LINES;
  const lines: SlotSpin['lines'] = [];
  let win = 0;
  PAYLINES.forEach((rows, line) => {
    const [pay, symbol, count] = lineMultiple(
      rows.map((row, reel) => grid[reel]![row]!),
      variant.pays,
    );
    if (pay > 0) {
      const lineWin = pay * lineBet * multiplier;
      lines.push({ line, symbol: SYMBOLS[symbol]!, count, win: lineWin });
      win += lineWin;
    }
  });
  const scatterWin = scatterMultiple(scatters, variant) * stake * multiplier;
  win += scatterWin;
  return {
    reels: grid.map((column) => column.map((s) => SYMBOLS[s]!)),
    lines,
    scatters,
    scatterWin,
    win,
  };
}

/** Whole stakes only: a positive number of minor units divisible by the 20 lines. */
export function isSlotStake(stake: number): boolean {
  return Number.isSafeInteger(stake) && stake > 0 && stake % LINES === 0;
}

/** One paid spin and the free spins it starts. */
export function playSlot(rng: Rng, variant: SlotVariant, stake: number): SlotRound {
  if (!isSlotStake(stake)) throw new RangeError(`slot stake ${stake}`);
  const base = spinOnce(rng, variant, stake, 1);
  const freeSpins: SlotSpin[] = [];
  if (base.scatters >= 3) {
    for (let i = 0; i < variant.freeSpins; i++) {
      freeSpins.push(spinOnce(rng, variant, stake, variant.freeSpinMultiplier));
    }
  }
  const win = base.win + freeSpins.reduce((sum, spin) => sum + spin.win, 0);
  return { stake, base, freeSpins, multiplier: variant.freeSpinMultiplier, win };
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * The exact return to player of a variant, as a fraction of the stake: the expected line and
 * scatter pays of one spin, times one plus the expected free spins' worth.
 */
export function slotReturn(variant: SlotVariant): {
  rtp: number;
  baseSpin: number;
  featureChance: number;
} {
  const total = variant.weights.reduce((a, b) => a + b, 0);
  const p = variant.weights.map((w) => w / total);
  const symbols = p.length;
  let lineExpectation = 0;
  const cells = [0, 0, 0, 0, 0];
  const walk = (reel: number, probability: number) => {
    if (reel === REELS) {
      lineExpectation += probability * lineMultiple(cells, variant.pays)[0];
      return;
    }
    for (let s = 0; s < symbols; s++) {
      cells[reel] = s;
      walk(reel + 1, probability * p[s]!);
    }
  };
  walk(0, 1);
  const ps = p[SCATTER]!;
  const n = REELS * ROWS;
  let scatterExpectation = 0;
  let featureChance = 0;
  for (let k = 3; k <= n; k++) {
    const chance = binomial(n, k) * ps ** k * (1 - ps) ** (n - k);
    scatterExpectation += chance * scatterMultiple(k, variant);
    featureChance += chance;
  }
  // Line pays are in line bets: 20 lines of stake/20 each, so the sum is in stakes.
  const baseSpin = lineExpectation + scatterExpectation;
  const rtp = baseSpin * (1 + featureChance * variant.freeSpins * variant.freeSpinMultiplier);
  return { rtp, baseSpin, featureChance };
}
