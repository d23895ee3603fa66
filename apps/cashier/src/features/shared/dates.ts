import { formatDate, formatTime, type DateInput } from '@northstar/i18n/format';

/** §9 cashier date and time: `DD.MM.YYYY` and `H:MM`, at `offsetHours` or the viewer's zone. */
export function cashierDateTime(
  value: DateInput,
  offsetHours?: number,
): { date: string; time: string } {
  const options = offsetHours === undefined ? {} : { offsetHours };
  return { date: formatDate(value, options), time: formatTime(value, options) };
}

/** `DD.MM.YYYY H:MM`, or '' for an unreadable date. */
export function cashierStamp(value: DateInput, offsetHours?: number): string {
  const { date, time } = cashierDateTime(value, offsetHours);
  return date === '' ? '' : `${date} ${time}`;
}
