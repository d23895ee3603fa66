/**
 * The real wait of a TooManyRequests answer (§8, §9): the server's `retry_after` in seconds,
 * told in the page's language as "in 50 minutes" (Intl.RelativeTimeFormat, so no plural rules of
 * our own in four languages). A wait under a minute is told in seconds, under an hour in whole
 * minutes rounded up (never "in 0 minutes"), else in hours rounded up.
 */
export function retryAfterSeconds(errorData: Readonly<Record<string, unknown>>): number | null {
  const value = Number(errorData.retry_after);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

export function waitUnit(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 3600) return { value: Math.ceil(seconds / 60), unit: 'minute' };
  return { value: Math.ceil(seconds / 3600), unit: 'hour' };
}

export function formatWait(seconds: number, locale: string): string {
  const { value, unit } = waitUnit(seconds);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
}
