/**
 * Cashback's arithmetic (issue #26), in integer minor units of the player's currency: no floating
 * point touches money, so a currency's decimals (EUR 2, JPY 0, BHD 3) are kept by construction.
 */

export type CashbackPeriod = 'weekly' | 'daily';

export interface CashbackRule {
  /** Hundredths of a percent (1000 = 10 %). */
  percentBp: number;
  /** The least net loss that earns cashback. */
  minLossMinor: bigint;
  /** The most one period pays, or null. */
  capMinor: bigint | null;
}

/**
 * What a period's net loss earns: nothing for a win or a loss under the minimum; otherwise the
 * percentage rounded **down** to the currency's minor unit (the operator never pays a fraction
 * it did not promise, and never less than a whole unit it did), then the cap.
 */
export function cashbackAmount(rule: CashbackRule, netLossMinor: bigint): bigint {
  if (netLossMinor <= 0n || netLossMinor < rule.minLossMinor) return 0n;
  const amount = (netLossMinor * BigInt(Math.trunc(rule.percentBp))) / 10_000n;
  if (rule.capMinor !== null && amount > rule.capMinor) return rule.capMinor;
  return amount;
}

/**
 * The percentage a player's cashback is computed at: the operator's terms plus the perk of the
 * player's loyalty level (issue #27: "higher levels, more cashback"), at most 100 %. The perk
 * adds to terms; it never creates cashback where a currency has none.
 */
export function percentWithPerk(termsBp: number, perkBp: number): number {
  return Math.min(10_000, termsBp + Math.max(0, perkBp));
}

/** "10" → 1000, "12.5" → 1250 (the contract allows two decimals). */
export function percentToBp(value: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a percentage: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1000 → "10", 1250 → "12.5", 1205 → "12.05". */
export function bpToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

const DAY = 86_400_000;

/**
 * The period `now` falls in: a UTC day, or a week from Monday 00:00 UTC (ISO weeks). UTC for
 * every player: one cut for the whole site, which the page shows in the player's time zone.
 */
export function periodOf(now: Date, period: CashbackPeriod): { start: Date; end: Date } {
  const day = Math.floor(now.getTime() / DAY) * DAY;
  if (period === 'daily') return { start: new Date(day), end: new Date(day + DAY) };
  // 1970-01-01 was a Thursday: days since the epoch + 3, modulo 7, is the days since Monday.
  const sinceMonday = (Math.floor(day / DAY) + 3) % 7;
  const start = day - sinceMonday * DAY;
  return { start: new Date(start), end: new Date(start + 7 * DAY) };
}

/** The last period that has ended by `now`. */
export function lastClosedPeriod(now: Date, period: CashbackPeriod): { start: Date; end: Date } {
  const current = periodOf(now, period);
  const length = current.end.getTime() - current.start.getTime();
  return { start: new Date(current.start.getTime() - length), end: current.start };
}
