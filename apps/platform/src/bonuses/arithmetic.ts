/**
 * The bonus engine's arithmetic (issue #26), in integer minor units of the template's currency:
 * no floating point touches money. The wallet's share (the weighted stake of a bet) is
 * wallet/wagering.ts `weightedStake`, which sql/bet.sql mirrors.
 */

export interface AmountRule {
  /** A fixed amount (no-deposit, free bet), or null. */
  amountMinor: bigint | null;
  /** A percentage of the deposit (deposit match), or null. */
  percent: number | null;
  /** The most a percentage may give, or null for no cap. */
  capMinor: bigint | null;
}

/**
 * What a bonus gives: a fixed amount, or `percent` % of the deposit rounded down to the minor
 * unit (the operator never pays a fraction of a cent it did not promise), capped. A template with
 * both gives the fixed amount plus the match, within the cap.
 */
export function bonusAmount(rule: AmountRule, depositMinor: bigint): bigint {
  let amount = rule.amountMinor ?? 0n;
  if (rule.percent !== null && rule.percent > 0 && depositMinor > 0n) {
    amount += (depositMinor * BigInt(Math.trunc(rule.percent))) / 100n;
  }
  if (rule.capMinor !== null && amount > rule.capMinor) amount = rule.capMinor;
  return amount < 0n ? 0n : amount;
}

export type WageringBase = 'bonus' | 'bonus_deposit';

/** What must be wagered (weighted) before the bonus converts: the multiplier times its base. */
export function requiredWagering(
  multiplier: number,
  base: WageringBase,
  bonusMinor: bigint,
  depositMinor: bigint,
): bigint {
  const on = base === 'bonus_deposit' ? bonusMinor + depositMinor : bonusMinor;
  return on * BigInt(Math.max(0, Math.trunc(multiplier)));
}

/**
 * Wagering progress in percent with two decimals, rounded down and never above 100 (a player
 * must not read 100 % while a cent is missing).
 */
export function progressPercent(doneMinor: bigint, requiredMinor: bigint): string {
  if (requiredMinor <= 0n) return '100.00';
  const done = doneMinor > requiredMinor ? requiredMinor : doneMinor < 0n ? 0n : doneMinor;
  const hundredths = (done * 10_000n) / requiredMinor;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** Whole units of a decimal string (`"500"`, `"5.50"`) to minor units in `decimals`. */
export function unitsToMinor(value: string, decimals: number): bigint {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not an amount: ${value}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new RangeError(`too many decimals: ${value}`);
  return BigInt(match[1]! + fraction.padEnd(decimals, '0'));
}
