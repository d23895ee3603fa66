/**
 * A trailing debounce: `call` runs `fn` once `ms` have passed without another call, with the last
 * arguments. Pure (the timers are the host's), so it is tested with fake timers; the search popup
 * waits with it for the player to stop typing before it asks the server.
 */
export interface Debounced<Args extends unknown[]> {
  call(...args: Args): void;
  /** Forgets a waiting call (the popup closed). */
  cancel(): void;
  /** Runs a waiting call now (Enter before the pause ended). */
  flush(): void;
  readonly pending: boolean;
}

export function debounce<Args extends unknown[]>(
  fn: (...args: Args) => void,
  ms: number,
): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: Args | null = null;
  const run = () => {
    timer = null;
    const args = last;
    last = null;
    if (args) fn(...args);
  };
  return {
    call(...args: Args) {
      last = args;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      last = null;
    },
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      run();
    },
    get pending() {
      return timer !== null;
    },
  };
}

/** How long the search waits after the last key (§4 uses 300 ms for the promo field; a list feels
 * better a little sooner). */
export const SEARCH_DEBOUNCE_MS = 250;
/** Shorter terms match half the catalogue; the popup asks the player to type more. */
export const SEARCH_MIN_LENGTH = 2;
/** The server's limit on a search term (contract: `search` at most 128 characters). */
export const SEARCH_MAX_LENGTH = 128;

/** The term the server is asked for: trimmed, inner spaces collapsed; null when too short. */
export function searchTerm(input: string): string | null {
  const term = input.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH);
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}
