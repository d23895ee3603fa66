/**
 * The query parameters of §2 that more than one app reads, as pure helpers (no globals: storage
 * is passed in, so they run on a server and in tests). The shell applies the page-wide ones on
 * every navigation (apps/shell/src/routing/url-effects.tsx); remotes use the ones of their pages
 * (the settings route's `from` and `toastType`, the cashier history `tab`).
 *
 * Owned elsewhere: `show_popup_auth`, `show_popup_reg` and `prevent_close` (the dialogs).
 *
 * A subpath of its own (`@northstar/shell-sdk/query-params`), not part of the shared main entry:
 * each app bundles only the helpers it uses, so the first screen does not carry them all.
 */
import { localizePath, splitLocalePath, type Locale } from '@northstar/i18n/locales';
import { sameOriginPath } from './redirects.ts';

export const QUERY = {
  promoCode: 'promo_code',
  register: 'register',
  popup: 'popup',
  redirectUrl: 'redirectUrl',
  backUrl: 'backUrl',
  from: 'from',
  toastType: 'toastType',
  tab: 'tab',
} as const;

/** `register=success`: the player has just signed up (§2). */
export const REGISTER_SUCCESS = 'success';

/** The hash that opens the campaign popup of `popup` in preview mode (§2). */
export const POPUP_PREVIEW_HASH = '#popup-preview';

/** §9: the settings route's toast type. */
export const FILL_FOR_DEPOSIT = 'fill_for_deposit';

/** Where a `promo_code` of the URL waits for the registration form (§2). */
export const PROMO_CODE_STORAGE_KEY = 'promo_code';

/** The promo code longer than this is not a promo code (the contract's text limit). */
const MAX_PROMO_CODE = 100;

/** The storage the helpers read and write (localStorage in the page, a map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function params(search: string): URLSearchParams {
  return new URLSearchParams(search);
}

/** The last non-blank value of a parameter (§2: the last `promo_code` wins when repeated). */
function lastValue(search: string, key: string): string | null {
  const values = params(search)
    .getAll(key)
    .map((value) => value.trim())
    .filter(Boolean);
  return values.at(-1) ?? null;
}

/** `search` without the given parameters: `''` or `?…`. */
export function removeParams(search: string, keys: readonly string[]): string {
  const query = params(search);
  for (const key of keys) query.delete(key);
  const text = query.toString();
  return text ? `?${text}` : '';
}

// --- promo_code ---------------------------------------------------------------------------------

/** The promo code of the URL (the last one when repeated), or null. */
export function promoCodeParam(search: string): string | null {
  const code = lastValue(search, QUERY.promoCode);
  return code !== null && code.length <= MAX_PROMO_CODE ? code : null;
}

/** Keeps the URL's promo code for the registration form; returns it (null when there is none). */
export function storePromoCode(search: string, storage: KeyValueStorage): string | null {
  const code = promoCodeParam(search);
  if (code !== null) storage.setItem(PROMO_CODE_STORAGE_KEY, code);
  return code;
}

/** The promo code kept for the registration form, or null (a broken storage counts as none). */
export function storedPromoCode(storage: KeyValueStorage | null = browserStorage()): string | null {
  try {
    const value = storage?.getItem(PROMO_CODE_STORAGE_KEY)?.trim();
    return value ? value : null;
  } catch {
    return null;
  }
}

/** §4: a registration clears the stored promo code. */
export function clearStoredPromoCode(storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(PROMO_CODE_STORAGE_KEY);
  } catch {
    // Storage the browser refuses holds nothing to clear.
  }
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

// --- register=success ---------------------------------------------------------------------------

/** Whether the URL says the player has just signed up. */
export function isRegisterSuccess(search: string): boolean {
  return params(search).get(QUERY.register) === REGISTER_SUCCESS;
}

// --- popup and #popup-preview -------------------------------------------------------------------

export interface CampaignPopupRequest {
  sysname: string;
  /** `#popup-preview`: the operator previews the popup (unpublished content may show). */
  preview: boolean;
}

/**
 * The campaign popup `popup` names (§2, the last one when repeated), with `#popup-preview` as
 * preview mode; null without one, and on the game page and the cashier's deposit pages, where it
 * would interrupt play or a payment.
 */
export function campaignPopupParam(
  pathname: string,
  search: string,
  hash: string,
): CampaignPopupRequest | null {
  const sysname = lastValue(search, QUERY.popup);
  if (!sysname) return null;
  const { path } = splitLocalePath(pathname);
  if (/^\/game\/[^/]+\/?$/.test(path) || /^\/cashier\/deposit(\/|$)/.test(path)) return null;
  return { sysname, preview: hash === POPUP_PREVIEW_HASH };
}

/** The dialog-queue id of a campaign's popup. */
export function campaignDialogId(sysname: string): string {
  return `campaign:${sysname}`;
}

// --- redirectUrl and backUrl --------------------------------------------------------------------

/**
 * Where the URL asks to go back to (§2 `redirectUrl` after a guard, else `backUrl` after auth or
 * payment), when it is a path of this site; null when neither is given. A value that is given but
 * leads elsewhere (`//evil.example`, `javascript:…`, …) gives the index of `locale`: a return
 * address is never followed off the site.
 */
export function returnPath(search: string, locale: Locale): string | null {
  const query = params(search);
  const raw = query.get(QUERY.redirectUrl) ?? query.get(QUERY.backUrl);
  if (raw === null) return null;
  return sameOriginPath(raw) ?? localizePath('/', locale);
}

/** Whether the URL carries a return address (`redirectUrl` or `backUrl`). */
export function hasReturnParam(search: string): boolean {
  const query = params(search);
  return query.has(QUERY.redirectUrl) || query.has(QUERY.backUrl);
}

// --- the settings route: from, toastType --------------------------------------------------------

export interface SettingsParams {
  /** Where the player came from (a page's name, e.g. `deposit`), or null. */
  from: string | null;
  /** `fill_for_deposit`: show the "fill in your details to deposit" toast (§9). */
  toastType: typeof FILL_FOR_DEPOSIT | null;
}

/** The profile settings route's parameters (§2); an unknown toast type is none. */
export function settingsParams(search: string): SettingsParams {
  const from = lastValue(search, QUERY.from);
  return {
    from: from !== null && /^[\w-]{1,64}$/.test(from) ? from : null,
    toastType: lastValue(search, QUERY.toastType) === FILL_FOR_DEPOSIT ? FILL_FOR_DEPOSIT : null,
  };
}

// --- the cashier history tab --------------------------------------------------------------------

/** §2: the tabs of the cashier history, the first one the default. */
export const HISTORY_TABS = ['deposit', 'withdrawal', 'bonuses', 'cashbacks'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];
export const DEFAULT_HISTORY_TAB: HistoryTab = 'deposit';

/** The history `tab` of the URL; anything else (or none) is the default tab. */
export function historyTabParam(search: string): HistoryTab {
  const tab = params(search).get(QUERY.tab);
  return (HISTORY_TABS as readonly string[]).includes(tab ?? '')
    ? (tab as HistoryTab)
    : DEFAULT_HISTORY_TAB;
}

/** `search` with the history tab set (the default tab is left out of the URL). */
export function historyTabSearch(search: string, tab: HistoryTab): string {
  const query = params(removeParams(search, [QUERY.tab]));
  if (tab !== DEFAULT_HISTORY_TAB) query.set(QUERY.tab, tab);
  const text = query.toString();
  return text ? `?${text}` : '';
}
