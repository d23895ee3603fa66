import { formatCurrency, normalizeAmount } from '@northstar/i18n/format';

/**
 * The game session's figures in the header (UK RTS 14 and 2E): how long the player has been
 * playing and where they stand. Pure, so the clock and the sign are tested without a browser.
 */

/** Elapsed play time as `mm:ss`, from an hour on `h:mm:ss` (a clock, not a duration phrase). */
export function formatElapsed(elapsedMs: number): string {
  const total = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / 1000)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** The same time for assistive tech, as an ISO 8601 duration (`<time datetime="PT4M7S">`). */
export function elapsedDuration(elapsedMs: number): string {
  const total = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / 1000)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${total % 60}S`;
}

export type NetDirection = 'up' | 'down' | 'even';

/** Whether the session is ahead, behind or even, read from the server's decimal string. */
export function netDirection(net: string): NetDirection {
  const value = normalizeAmount(net);
  if (value === null || !/[1-9]/.test(value)) return 'even';
  return value.startsWith('-') ? 'down' : 'up';
}

/**
 * The net position with its sign in front of the money (`+€ 12.50`, `−€ 5.00`, `€ 0.00`): the
 * amount is formatted without its sign, so the symbol never splits a minus from its number.
 */
export function formatNet(net: string, currency: string, locale: string): string {
  const direction = netDirection(net);
  const magnitude = (normalizeAmount(net) ?? '0').replace(/^-/, '');
  const money = formatCurrency(magnitude, currency, locale);
  if (direction === 'up') return `+${money}`;
  // U+2212, the minus sign: a hyphen reads as a dash to screen readers.
  if (direction === 'down') return `\u2212${money}`;
  return money;
}

/**
 * Whether a new summary says money moved since the last one (a round was played, settled or
 * rolled back): the page then asks for the balance again, which the shell does not poll on a
 * game page (§4).
 */
export function summaryMoved(
  previous: { stakes: string; wins: string; rounds: number } | undefined,
  next: { stakes: string; wins: string; rounds: number } | undefined,
): boolean {
  if (!previous || !next) return false;
  return (
    previous.rounds !== next.rounds ||
    previous.stakes !== next.stakes ||
    previous.wins !== next.wins
  );
}
