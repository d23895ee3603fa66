/**
 * The history pages' pure rules (issue #25): the period presets and the page arithmetic, tested
 * without a page. Days are UTC (`YYYY-MM-DD`), as the server reads them.
 */
export const HISTORY_PAGE_SIZE = 20;
export const PERIODS = ['7', '30', '90', '365', 'all'] as const;
export type PeriodChoice = (typeof PERIODS)[number];
/** The games' products, and the sportsbook's bets (issue #29: their own table). */
export const PRODUCTS = ['all', 'casino', 'live', 'sports'] as const;
export type ProductChoice = (typeof PRODUCTS)[number];
export const EXPORT_MAX_DAYS = 366;

export interface HistoryQuery {
  offset: number;
  count: number;
  from?: string;
  to?: string;
  product?: string;
  /** Only unfinished rounds (the resume banner). */
  status?: 'open';
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` days up to and including today; `all` has no bounds. */
export function periodRange(choice: PeriodChoice, today: Date): { from?: string; to?: string } {
  if (choice === 'all') return {};
  const days = Number(choice);
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  return { from: isoDay(from), to: isoDay(today) };
}

export function historyQueryOf(
  period: PeriodChoice,
  product: ProductChoice,
  page: number,
  today: Date,
): HistoryQuery {
  return {
    offset: page * HISTORY_PAGE_SIZE,
    count: HISTORY_PAGE_SIZE,
    ...periodRange(period, today),
    ...(product === 'all' ? {} : { product }),
  };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
}

/**
 * An export period's local check (the server's rule): both days given, the end not before the
 * start, at most a year (366 days, both included). Returns the field and its message code.
 */
export function exportPeriodError(
  from: string,
  to: string,
): { field: 'from' | 'to'; code: string } | null {
  if (!from) return { field: 'from', code: 'required' };
  if (!to) return { field: 'to', code: 'required' };
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start)) return { field: 'from', code: 'date' };
  if (Number.isNaN(end)) return { field: 'to', code: 'date' };
  if (end < start) return { field: 'to', code: 'min_value' };
  if ((end - start) / 86_400_000 + 1 > EXPORT_MAX_DAYS) {
    return { field: 'to', code: 'export_period_too_long' };
  }
  return null;
}
