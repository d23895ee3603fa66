import { sameOriginPath } from '@northstar/shell-sdk';

/**
 * §2 `backUrl` on the deposit page (a game asks for a top-up with
 * `/cashier/deposit?backUrl=/game/{sysname}`): the return address after the payment. It is kept
 * when the deposit is made under the §3 storage key "pay-success return" (the provider's page may
 * open in another window, and the result page comes back from the provider without it), and
 * followed when the deposit finishes, once. Same-origin paths only (`sameOriginPath`): anything
 * else is never kept.
 */
export const PAY_RETURN_KEY = 'pay-success-return';

/**
 * How long a kept return stays good (not given by the spec: chosen). Longer than the provider's
 * payment session (30 min), so a slow payment still returns, and short enough that a deposit
 * made much later, without `backUrl`, never lands in an old game.
 */
export const PAY_RETURN_MAX_AGE_MS = 2 * 3_600_000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's `backUrl` when it is a path of this site, else null. */
export function backUrlOf(search: string): string | null {
  return sameOriginPath(new URLSearchParams(search).get('backUrl'));
}

/** A deposit was made: keep its return (or forget an old one when this deposit has none). */
export function keepPayReturn(storage: Store, path: string | null, now = Date.now()): void {
  const safe = sameOriginPath(path);
  if (safe === null) storage.removeItem(PAY_RETURN_KEY);
  else storage.setItem(PAY_RETURN_KEY, JSON.stringify({ path: safe, at: now }));
}

/** The kept return, if any and still good (read again through `sameOriginPath`). */
export function peekPayReturn(storage: Store, now = Date.now()): string | null {
  let kept: { path?: unknown; at?: unknown };
  try {
    kept = JSON.parse(storage.getItem(PAY_RETURN_KEY) ?? 'null') as typeof kept;
  } catch {
    return null;
  }
  if (!kept || typeof kept.at !== 'number' || now - kept.at > PAY_RETURN_MAX_AGE_MS) return null;
  return sameOriginPath(kept.path);
}

/** The kept return, consumed: a second result page (the provider's window) stays where it is. */
export function takePayReturn(storage: Store, now = Date.now()): string | null {
  const path = peekPayReturn(storage, now);
  storage.removeItem(PAY_RETURN_KEY);
  return path;
}

/**
 * The name of the window the provider's page opens in (cashier config `newWindow`). The tab that
 * asked for the top-up waits on `/cashier/paynewwindow` and goes back to the game itself; the
 * payment window's own result page must not take the return first (both read one localStorage,
 * and whichever asked first won: the game then opened in the small payment window).
 */
export const PAYMENT_WINDOW_NAME = 'northstar-payment';

/**
 * Whether this page may follow the kept return: not in the payment window while the tab that
 * opened it is still open (that tab follows it). A payment window whose opener was closed may.
 */
export function followsPayReturn(view: {
  name: string;
  opener: { closed: boolean } | null;
}): boolean {
  return !(view.name === PAYMENT_WINDOW_NAME && view.opener !== null && !view.opener.closed);
}

/** The result page's storage: none where the browser refuses it (then there is no return). */
export function payReturnStorage(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
