/**
 * Levels and earning, as pure arithmetic (issue #27): the unit tests check these, and the domain's
 * queries apply them.
 */

export interface LevelDef {
  level: number;
  name: string;
  pointsFrom: bigint;
  cashbackPercent: number;
  shopDiscountPercent: number;
  imageUrl: string | null;
}

export interface LevelStanding {
  current: LevelDef;
  next: LevelDef | null;
  /** Points still to earn for the next level (0 at the top). */
  toNext: bigint;
  /** Progress from the current level's threshold to the next, 0–100 (100 at the top). */
  percent: number;
}

/**
 * Where lifetime points put a player: the highest level whose threshold they reach. Levels are
 * sorted here, so the table's order does not matter; with no level reached (a table that does not
 * start at 0) the lowest level is answered, as a player is always at some level.
 */
export function levelFor(levels: readonly LevelDef[], lifetime: bigint): LevelStanding {
  if (levels.length === 0) throw new Error('No loyalty levels are defined');
  const sorted = [...levels].sort((a, b) => (a.pointsFrom < b.pointsFrom ? -1 : 1));
  let index = 0;
  for (let i = 0; i < sorted.length; i++) if (lifetime >= sorted[i]!.pointsFrom) index = i;
  const current = sorted[index]!;
  const next = sorted[index + 1] ?? null;
  if (!next) return { current, next: null, toNext: 0n, percent: 100 };
  const span = next.pointsFrom - current.pointsFrom;
  const done = lifetime < current.pointsFrom ? 0n : lifetime - current.pointsFrom;
  return {
    current,
    next,
    toNext: next.pointsFrom - (lifetime > current.pointsFrom ? lifetime : current.pointsFrom),
    // Floor: 100 % only once the next level is reached.
    percent: Number((done * 100n) / span),
  };
}

/**
 * Points for a real-money stake: `pointsPerUnit` points per 1.00 of the currency (2 decimals, the
 * site's currencies), whole points only, the fraction dropped (the programme's terms: "points per
 * whole amount staked", as regulated sites word it). A cancelled stake takes back exactly this.
 */
export function pointsForStake(stakeMinor: bigint, pointsPerUnit: number): number {
  if (stakeMinor <= 0n || pointsPerUnit <= 0) return 0;
  return Number((stakeMinor * BigInt(pointsPerUnit)) / 100n);
}

/** A product's price at a level's shop discount (rounded in the player's favour). */
export function discountedPrice(price: number, discountPercent: number): number {
  const percent = Math.min(100, Math.max(0, discountPercent));
  return price - Math.floor((price * percent) / 100);
}
