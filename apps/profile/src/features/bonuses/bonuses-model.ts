/**
 * The pure rules of `/profile/bonuses` (§2, issue #26): which tab comes first, what each status
 * filter lists, the wagering progress as a progress bar reads it, and when an expiry is near.
 */

export type BonusTab = 'casino' | 'betting';
const TABS: readonly BonusTab[] = ['casino', 'betting'];

/**
 * §3 common content `offers.bonusesSwitchOrder`: the tabs in the operator's order. Unknown or
 * repeated names are skipped and a tab the list leaves out still follows (a player must always
 * be able to reach their bonuses), so a wrong entry cannot hide a tab.
 */
export function tabOrder(order: unknown): BonusTab[] {
  const listed = Array.isArray(order)
    ? order.filter((name): name is BonusTab => TABS.includes(name as BonusTab))
    : [];
  return [...new Set([...listed, ...TABS])];
}

export type BonusStatus = 'available' | 'active' | 'wagered' | 'expired' | 'forfeited' | 'removed';
export type StatusFilter = 'active' | 'available' | 'history';
export const STATUS_FILTERS: readonly StatusFilter[] = ['active', 'available', 'history'];

/** Each filter's statuses: history is every ended bonus (wagered, expired, forfeited, removed). */
export function filterOf(status: BonusStatus): StatusFilter {
  if (status === 'active' || status === 'available') return status;
  return 'history';
}

/**
 * A free bet's filter (`bettingbonuses/get`): one in a bet not settled yet is still the player's
 * (active); a bet settled, an expiry or a removal puts it in the history.
 */
export function freeBetFilter(bet: {
  status: 'available' | 'active' | 'used' | 'expired' | 'removed';
  bet: { status: 'open' | 'won' | 'lost' | 'void' } | null;
}): StatusFilter {
  if (bet.status === 'available' || bet.status === 'active') return bet.status;
  if (bet.status === 'used' && bet.bet?.status === 'open') return 'active';
  return 'history';
}

/** The first filter with something in it (active first: what is wagering now matters most). */
export function firstFilter(statuses: readonly BonusStatus[]): StatusFilter {
  const present = new Set(statuses.map(filterOf));
  return STATUS_FILTERS.find((filter) => present.has(filter)) ?? 'active';
}

export interface Wagering {
  required: { amount: string; currency: string };
  done: { amount: string; currency: string };
  /** Done / required in percent, two decimals, rounded down (the server's figure). */
  percent: string;
}

/** The decimal places of a money string (`"35.50"` → 2). */
const decimalsOf = (amount: string) => amount.split('.')[1]?.length ?? 0;

/** A non-negative decimal string in units of 10^-decimals, exactly (no float rounding). */
function toMinor(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return (
    BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  );
}

function fromMinor(minor: bigint, decimals: number): string {
  if (decimals === 0) return minor.toString();
  const text = minor.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

export interface Progress {
  /** For `aria-valuenow` and the bar's width: 0 to 100. */
  value: number;
  /** The server's two-decimal percent as shown (`"0.34"`). */
  percent: string;
  /** What is still to wager, exactly, with the currency's decimals (never below zero). */
  left: string;
  complete: boolean;
}

/**
 * Wagering progress as the page shows it: the server's percent (rounded down there, so a bar
 * never shows 100 % before the bonus is wagered), clamped to 0–100 for the progress bar, and the
 * amount left computed exactly on the money strings.
 */
export function wageringProgress(wagering: Wagering): Progress {
  const decimals = Math.max(decimalsOf(wagering.required.amount), decimalsOf(wagering.done.amount));
  const required = toMinor(wagering.required.amount, decimals);
  const done = toMinor(wagering.done.amount, decimals);
  const left = required > done ? required - done : 0n;
  const parsed = Number(wagering.percent);
  const value = Number.isFinite(parsed) ? Math.min(100, Math.max(0, parsed)) : 0;
  return {
    value,
    percent: wagering.percent,
    left: fromMinor(left, decimals),
    complete: left === 0n,
  };
}

/**
 * When an expiry counts as near: two days before it. The spec gives no figure; two days leave a
 * player who plays at weekends the time to finish or decide, and the warning stays rare enough to
 * be read (a regulator's "no expiry without warning", issue #26).
 */
export const EXPIRY_WARNING_MS = 2 * 24 * 60 * 60 * 1000;

export type ExpiryState = 'none' | 'later' | 'near' | 'passed';

/** The deadline that matters now: an available bonus's time to activate, an active one's to wager. */
export function deadlineOf(bonus: {
  status: BonusStatus;
  activate_until: string;
  wager_until: string | null;
}): string | null {
  if (bonus.status === 'available') return bonus.activate_until;
  if (bonus.status === 'active') return bonus.wager_until;
  return null;
}

export function expiryState(deadline: string | null, now: number): ExpiryState {
  if (deadline === null) return 'none';
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return 'none';
  const left = at - now;
  if (left <= 0) return 'passed';
  return left <= EXPIRY_WARNING_MS ? 'near' : 'later';
}

/**
 * The time left in the largest unit that reads naturally in a warning: hours under two days
 * (rounded up, so "in 1 hour" never hides 59 minutes), minutes in the last hour.
 */
export function timeLeft(
  deadline: string,
  now: number,
): { value: number; unit: 'hour' | 'minute' } {
  const left = Math.max(0, Date.parse(deadline) - now);
  if (left < 60 * 60 * 1000)
    return { value: Math.max(1, Math.ceil(left / 60_000)), unit: 'minute' };
  return { value: Math.ceil(left / 3_600_000), unit: 'hour' };
}

/** The promo field's messages (§8 "Promo errors"). */
export type PromoError = 'invalid' | 'expired' | 'used';

const PROMO_ERRORS: Readonly<Record<string, PromoError>> = {
  promo_code_invalid: 'invalid',
  promo_code_not_found: 'invalid',
  promo_code_expired: 'expired',
  promo_code_used: 'used',
  promo_code_already_used: 'used',
};

/** §8: the first `promo_code` error code picks the message, INVALID when it is not a known one. */
export function promoError(codes: readonly string[] | undefined): PromoError {
  return PROMO_ERRORS[codes?.[0] ?? ''] ?? 'invalid';
}

/** §5: the promo input is trimmed; at least one character once the switcher is on. */
export function promoInput(value: string): string | null {
  const code = value.trim();
  return code.length >= 1 ? code : null;
}
