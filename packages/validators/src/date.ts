/** §5 date: four-digit year, separators , . ' -, inside min and max. */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * §5 "inside min and max": the earliest date a date field accepts unless the site config's
 * `validator.minDate` says otherwise (no living player was born before it; a typo such as 1899
 * or 0990 is caught on the field and on the server).
 */
export const DEFAULT_MIN_DATE = '1900-01-01';

/** The site config's `validator.minDate` when it is a real `YYYY-MM-DD` day, else the default. */
export function configuredMinDate(siteConfig: unknown): string {
  const validator = (siteConfig as { validator?: { minDate?: unknown } } | null | undefined)
    ?.validator;
  const value = validator?.minDate;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDateInput(value)
    ? value
    : DEFAULT_MIN_DATE;
}

/** A bound: `'YYYY-MM-DD'` or a `Date` (its local calendar day). */
export type DateBound = string | Date;

/**
 * Reads `DD.MM.YYYY` (any of `. , ' -` between the parts) or ISO `YYYY-MM-DD`. The year must have
 * four digits and the day must exist (no 31.02).
 */
export function parseDateInput(text: string): CalendarDate | null {
  const value = text.trim();
  let match = /^(\d{1,2})[.,'-](\d{1,2})[.,'-](\d{4})$/.exec(value);
  let parts: [string, string, string] | null = match ? [match[3]!, match[2]!, match[1]!] : null;
  if (!parts) {
    match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
    parts = match ? [match[1]!, match[2]!, match[3]!] : null;
  }
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one; UTC avoids DST gaps.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay ? { year, month, day } : null;
}

function toOrdinal(date: CalendarDate): number {
  return date.year * 10_000 + date.month * 100 + date.day;
}

function boundOrdinal(bound: DateBound): number | null {
  if (bound instanceof Date) {
    return Number.isNaN(bound.getTime())
      ? null
      : toOrdinal({ year: bound.getFullYear(), month: bound.getMonth() + 1, day: bound.getDate() });
  }
  const parsed = parseDateInput(bound);
  return parsed ? toOrdinal(parsed) : null;
}

export type DateCheck = 'ok' | 'format' | 'before_min' | 'after_max';

export function checkDate(
  text: string,
  bounds: { min?: DateBound; max?: DateBound } = {},
): DateCheck {
  const date = parseDateInput(text);
  if (!date) return 'format';
  const ordinal = toOrdinal(date);
  const min = bounds.min === undefined ? null : boundOrdinal(bounds.min);
  const max = bounds.max === undefined ? null : boundOrdinal(bounds.max);
  if (min !== null && ordinal < min) return 'before_min';
  // "A date check passes if not after a maximum date": the maximum itself is fine.
  if (max !== null && ordinal > max) return 'after_max';
  return 'ok';
}

/** `'YYYY-MM-DD'` for a bound, for messages and for the wire. */
export function formatIsoDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
