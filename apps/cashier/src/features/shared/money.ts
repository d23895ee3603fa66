import { formatCurrency } from '@northstar/i18n/format';

/** Money on the wire: a decimal string in the currency's decimals (architecture.md). */
export interface MoneyValue {
  amount: string;
  currency: string;
}

/**
 * §9: an amount with its currency symbol before or after it, separated by a space; `'0'` when
 * there is no amount.
 */
export function formatMoney(money: MoneyValue | null | undefined, locale: string): string {
  if (!money || money.currency === '') return '0';
  return formatCurrency(money.amount, money.currency, locale);
}

/** A whole-unit bound (a method's min or max, a preset) in the currency, without minor digits. */
export function formatWhole(amount: number | string, currency: string, locale: string): string {
  return formatCurrency(String(amount), currency, locale, { minimumFractionDigits: 0 });
}

/**
 * The whole units of a decimal string (`'10'`, `'10.00'`), rounded towards the inside of a range:
 * `'up'` for a minimum (10.01 → 11), `'down'` for a maximum. Undefined when it is not a number.
 */
export function wholeUnits(
  text: string | null | undefined,
  round: 'up' | 'down',
): number | undefined {
  if (text === null || text === undefined || !/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const value = Number(text);
  return round === 'up' ? Math.ceil(value) : Math.floor(value);
}

export interface SumBounds {
  min?: number;
  max?: number;
}

/**
 * The amounts a payment takes: the method's min and max, raised to an offer's minimum deposit
 * when the player takes the offer, and capped by what may be withdrawn (`available`).
 */
export function sumBounds(
  method: { min: string; max: string } | undefined,
  extra: { offerMin?: string | null; available?: string | null } = {},
): SumBounds {
  const bounds: SumBounds = {};
  const min = wholeUnits(method?.min, 'up');
  const max = wholeUnits(method?.max, 'down');
  const offerMin = wholeUnits(extra.offerMin, 'up');
  const available = wholeUnits(extra.available, 'down');
  const lows = [min, offerMin].filter((n): n is number => n !== undefined && n > 0);
  const highs = [max, available].filter((n): n is number => n !== undefined);
  if (lows.length > 0) bounds.min = Math.max(...lows);
  if (highs.length > 0) bounds.max = Math.min(...highs);
  return bounds;
}

/** §3 deposit amount presets: the values for `currency`, smallest first, each once. */
export function presetAmounts(
  presets: readonly { currency: string; amount: readonly { value: number }[] }[],
  currency: string,
): number[] {
  const values = presets
    .filter((preset) => preset.currency === currency)
    .flatMap((preset) => preset.amount.map((item) => item.value))
    .filter((value) => Number.isInteger(value) && value > 0);
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * §3: the deposit form's presets. The operator's (site config `cashier.depositAmounts`) win for a
 * currency they name; the server's defaults (getdepositsettings) serve any other currency.
 */
export function depositPresets(
  operator: readonly { currency: string; amount: readonly { value: number }[] }[],
  server: readonly { currency: string; amount: readonly { value: number }[] }[],
  currency: string,
): number[] {
  const own = presetAmounts(operator, currency);
  return own.length > 0 ? own : presetAmounts(server, currency);
}

/** Whether a preset may be picked within the bounds. */
export function withinBounds(value: number, bounds: SumBounds): boolean {
  return (
    (bounds.min === undefined || value >= bounds.min) &&
    (bounds.max === undefined || value <= bounds.max)
  );
}
