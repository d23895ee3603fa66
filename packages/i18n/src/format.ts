/**
 * Formatters of §9 (currency, cashier dates and times) and the per-locale text segments of §3.
 * Pure functions over `Intl`: no browser globals, so they run on the server too.
 */

// ── money ───────────────────────────────────────────────────────────────────────────────────

/** An amount as it travels (`"12.50"`, architecture.md "Money on the wire"), or a plain number. */
export type AmountInput = string | number | null | undefined;

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** The canonical decimal string of an amount (`'12.50'`, `'-3'`), or null when it is not one. */
export function normalizeAmount(amount: AmountInput): string | null {
  if (amount === null || amount === undefined) return null;
  const text = typeof amount === 'number' ? numberToDecimal(amount) : amount.trim();
  if (text === null) return null;
  const match = DECIMAL.exec(text.startsWith('.') ? `0${text}` : text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction] = match;
  const integer = whole.replace(/^0+(?=\d)/, '');
  const negative = sign === '-' && /[1-9]/.test(integer + (fraction ?? ''));
  return `${negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`;
}

function numberToDecimal(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  // 1e21 and 1e-7 print in exponent form; such amounts are not money.
  return /e/i.test(text) ? null : text;
}

export type SymbolPosition = 'before' | 'after';

export interface CurrencyFormatOptions {
  /** The symbol to show, e.g. from general info's available_currencies; default from Intl. */
  symbol?: string;
  /** Where the symbol goes; default: where the locale puts it for this currency. */
  position?: SymbolPosition;
  /** Fraction digits to pad to; default: the currency's (2 for EUR, 0 for JPY). Never cuts. */
  minimumFractionDigits?: number;
}

interface CurrencyStyle {
  symbol: string;
  position: SymbolPosition;
  fractionDigits: number;
}

const styleCache = new Map<string, CurrencyStyle>();

/** The symbol, its side and the minor digits of `currency` in `locale`, from Intl. */
export function currencyStyle(currency: string, locale: string): CurrencyStyle {
  const key = `${locale}|${currency}`;
  const cached = styleCache.get(key);
  if (cached) return cached;
  let style: CurrencyStyle;
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    const parts = format.formatToParts(1);
    const symbolAt = parts.findIndex((p) => p.type === 'currency');
    const numberAt = parts.findIndex((p) => p.type === 'integer');
    style = {
      symbol: parts[symbolAt]?.value ?? currency,
      position: symbolAt >= 0 && symbolAt < numberAt ? 'before' : 'after',
      fractionDigits: format.resolvedOptions().minimumFractionDigits ?? 2,
    };
  } catch {
    // Not an ISO 4217 code (USDT, mBTC): the code itself after the amount, no padding.
    style = { symbol: currency, position: 'after', fractionDigits: 0 };
  }
  styleCache.set(key, style);
  return style;
}

/**
 * Formats a decimal amount in `locale` without going through floating point: Intl formats the
 * decimal string exactly, with the fraction digits it already has (padded to the currency's
 * minor digits, never rounded).
 */
export function formatAmount(amount: AmountInput, locale: string, minimumFractionDigits = 0) {
  const value = normalizeAmount(amount);
  if (value === null) return '0';
  const scale = value.split('.')[1]?.length ?? 0;
  const digits = Math.min(100, Math.max(scale, minimumFractionDigits));
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(value as Intl.StringNumericLiteral);
}

/**
 * §9: the symbol before or after the amount (per currency and locale), separated by a space;
 * `'0'` when the amount is empty or null. `formatCurrency('1234.5', 'EUR', 'es-ES')` →
 * `'1234,50 €'`; `formatCurrency('12.50', 'USD', 'en-US')` → `'$ 12.50'`.
 */
export function formatCurrency(
  amount: AmountInput,
  currency: string,
  locale: string,
  options: CurrencyFormatOptions = {},
): string {
  if (normalizeAmount(amount) === null) return '0';
  const style = currencyStyle(currency, locale);
  const number = formatAmount(
    amount,
    locale,
    options.minimumFractionDigits ?? style.fractionDigits,
  );
  const symbol = options.symbol ?? style.symbol;
  if (symbol === '') return number;
  return (options.position ?? style.position) === 'before'
    ? `${symbol} ${number}`
    : `${number} ${symbol}`;
}

// ── dates and times ─────────────────────────────────────────────────────────────────────────

/** §9: the date-time joiner defaults to the Spanish "a las". */
export const DEFAULT_DATE_TIME_JOINER = 'a las';
/** §9: the date-time helper uses a fixed 3-hour offset (UTC+3). */
export const FIXED_OFFSET_HOURS = 3;

export type DateInput = Date | string | number;

export interface DateFormatOptions {
  /**
   * Show the time at this fixed offset from UTC, in hours; default: the viewer's time zone.
   * A fixed offset renders the same on the server and in every browser.
   */
  offsetHours?: number;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/** A Date from a Date, epoch milliseconds or an ISO string (`'2024-05-01 12:00:00Z'` too). */
export function toDate(value: DateInput): Date | null {
  const date =
    value instanceof Date
      ? new Date(value.getTime())
      : new Date(typeof value === 'string' ? value.trim().replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function partsOf(value: DateInput, options: DateFormatOptions): DateParts | null {
  const date = toDate(value);
  if (!date) return null;
  if (options.offsetHours !== undefined) {
    const shifted = new Date(date.getTime() + options.offsetHours * 3_600_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hours: shifted.getUTCHours(),
      minutes: shifted.getUTCMinutes(),
    };
  }
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** §9 cashier history date: `DD.MM.YYYY`; `''` for an unreadable date. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const p = partsOf(value, options);
  return p ? `${pad2(p.day)}.${pad2(p.month)}.${String(p.year).padStart(4, '0')}` : '';
}

/** §9 cashier history time: `H:MM` (hours without a leading zero, 24-hour). */
export function formatTime(value: DateInput, options: DateFormatOptions = {}): string {
  const p = partsOf(value, options);
  return p ? `${p.hours}:${pad2(p.minutes)}` : '';
}

/** `DD.MM.YYYY a las H:MM`; the joiner is usually a translated word. */
export function formatDateTime(
  value: DateInput,
  options: DateFormatOptions & { joiner?: string } = {},
): string {
  const date = formatDate(value, options);
  if (date === '') return '';
  return `${date} ${options.joiner ?? DEFAULT_DATE_TIME_JOINER} ${formatTime(value, options)}`;
}

/** §9 date-time helper: the date and time at the fixed UTC+3 offset. */
export function formatDateTimeAtFixedOffset(
  value: DateInput,
  options: { joiner?: string; offsetHours?: number } = {},
): string {
  return formatDateTime(value, {
    joiner: options.joiner,
    offsetHours: options.offsetHours ?? FIXED_OFFSET_HOURS,
  });
}

// ── per-locale text segments (§3) ───────────────────────────────────────────────────────────

const SEGMENT = /##([\s\S]*?)##/g;
const ENTRY = /^\s*([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)\s*:([\s\S]*)$/;

function parseSegment(body: string): Map<string, string> | null {
  const entries = new Map<string, string>();
  for (const part of body.split(';')) {
    const match = ENTRY.exec(part);
    if (!match) {
      // Text after a `;` that is not `locale:` belongs to the previous entry's text.
      const last = [...entries.keys()].at(-1);
      if (last === undefined) return null;
      entries.set(last, `${entries.get(last)};${part}`);
      continue;
    }
    const [, code = '', text = ''] = match;
    entries.set(code.replace('_', '-').toLowerCase(), text);
  }
  return entries.size > 0 ? entries : null;
}

function pick(entries: Map<string, string>, locale: string): string | undefined {
  const code = locale.replace('_', '-').toLowerCase();
  return entries.get(code) ?? entries.get(code.split('-')[0] ?? code);
}

/**
 * Replaces each `##locale:text;locale:text##` segment in a content text with the text for
 * `locale` (or its language, `es` for `es-ES`), else for `defaultLocale`, else the segment's first
 * text. `##…##` that does not start with `locale:` is left as it is.
 */
export function resolveLocaleSegments(text: string, locale: string, defaultLocale: string): string {
  if (!text.includes('##')) return text;
  return text.replace(SEGMENT, (whole, body: string) => {
    const entries = parseSegment(body);
    if (!entries) return whole;
    return pick(entries, locale) ?? pick(entries, defaultLocale) ?? [...entries.values()][0] ?? '';
  });
}
