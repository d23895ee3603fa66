/**
 * The react-query key of an `/api` answer. The shell's start-up calls (§7 "Start-up") put their
 * answers under these keys in the page's one QueryClient; a remote that needs the same answer
 * (the providers, the characters, the player's favourites…) reads it from there instead of
 * asking again, by using the same key.
 */
export function apiQueryKey(
  module: string,
  method: string,
  params: Record<string, unknown> = {},
): readonly unknown[] {
  return ['api', module.toLowerCase(), method.toLowerCase(), params];
}

/** §3 General info: `hasDigitan` is true when a games lookup by this sysname returns items. */
export const DIGITAN_SYSNAME = 'dgt_sportsbook';
