import { sameOriginPath } from '@northstar/shell-sdk/redirects';

/** §2 query parameters that open a popup. */
export const FLAGS = {
  auth: 'show_popup_auth',
  reg: 'show_popup_reg',
  preventClose: 'prevent_close',
  campaign: 'popup',
} as const;

/** Where `show_popup_reg` is kept between visits (§2), with its `prevent_close`. */
export const REGISTRATION_STORAGE_KEY = 'show_popup_reg';

export type AuthDialogId = 'authorization' | 'registration';

export interface AuthFlag {
  id: AuthDialogId;
  preventClose: boolean;
  /** Read from the URL (else from storage, a registration popup of an earlier visit). */
  fromUrl: boolean;
  /** Opened for a guard's pending `redirectUrl` (§2), not by a popup flag. */
  redirect?: true;
}

/** What storage holds for a registration popup that has not been closed yet. */
export interface StoredRegistration {
  preventClose: boolean;
}

/**
 * Which auth popup the page asks for (§2): `show_popup_reg` wins over `show_popup_auth`;
 * without either, for a visitor, the sign-in popup when a guard sent them here with a
 * `redirectUrl` of this site (§2: a visitor sent from a protected page is told why: sign in and
 * land there; a foreign or malformed target is no pending return, so no popup); then a
 * registration popup saved on an earlier visit; `prevent_close=1` makes it not closable.
 */
export function authFlag(
  search: string,
  stored: StoredRegistration | null,
  options: { visitor?: boolean } = {},
): AuthFlag | null {
  const params = new URLSearchParams(search);
  const preventClose = params.get(FLAGS.preventClose) === '1';
  if (params.get(FLAGS.reg)) return { id: 'registration', preventClose, fromUrl: true };
  if (params.get(FLAGS.auth)) return { id: 'authorization', preventClose, fromUrl: true };
  if (options.visitor && sameOriginPath(params.get(REDIRECT_PARAM)) !== null) {
    return { id: 'authorization', preventClose, fromUrl: true, redirect: true };
  }
  if (stored) return { id: 'registration', preventClose: stored.preventClose, fromUrl: false };
  return null;
}

/** §2 the return path a guard redirect leaves on the index. */
export const REDIRECT_PARAM = 'redirectUrl';

export function readStoredRegistration(value: string | null): StoredRegistration | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return {
      preventClose:
        typeof parsed === 'object' &&
        parsed !== null &&
        (parsed as { preventClose?: unknown }).preventClose === true,
    };
  } catch {
    // An older or foreign value still means "show it again".
    return { preventClose: false };
  }
}

export function writeStoredRegistration(value: StoredRegistration): string {
  return JSON.stringify(value);
}

/** `search` without the given parameters: `''` or `?…`. */
export function withoutParams(search: string, keys: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The query string that opens the sign-in (`auth`) or registration (`reg`) popup (§2). */
export function authDialogSearch(search: string, kind: 'auth' | 'reg'): string {
  const params = new URLSearchParams(withoutParams(search, [FLAGS.auth, FLAGS.reg]));
  params.set(FLAGS[kind], '1');
  return `?${params.toString()}`;
}
