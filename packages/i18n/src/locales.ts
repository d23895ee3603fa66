/**
 * The site's locales. Static for now (Foundation 1); Platform 2 moves the list to
 * `/nfx/i18n/locales`, and this stays the built-in fallback.
 *
 * The default locale never appears as a path prefix (§1, §2): `/en-US/x` answers 301 to `/x`.
 */
export const DEFAULT_LOCALE = 'en-US';

export const LOCALES = [
  { code: 'en-US', name: 'English', isDefault: true },
  { code: 'es-ES', name: 'Español', isDefault: false },
  { code: 'pt-BR', name: 'Português', isDefault: false },
  { code: 'ru-RU', name: 'Русский', isDefault: false },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

export function isLocale(value: string | undefined | null): value is Locale {
  return value != null && (LOCALE_CODES as readonly string[]).includes(value);
}

export interface LocalePath {
  /** The locale the path names, or the default one when it has no prefix. */
  locale: Locale;
  /** Whether the first segment was a locale code (including the default one). */
  prefixed: boolean;
  /** The path without its locale segment, always starting with `/`. */
  path: string;
}

/**
 * Splits `/es-ES/gamehall` into `{ locale: 'es-ES', path: '/gamehall' }`. A first segment that
 * is not a known locale belongs to the path (a slug page, §2).
 */
export function splitLocalePath(pathname: string): LocalePath {
  const match = /^\/([^/?#]+)(.*)$/.exec(pathname);
  const first = match?.[1];
  if (match && isLocale(first)) {
    const rest = match[2] ?? '';
    return { locale: first, prefixed: true, path: rest === '' ? '/' : rest };
  }
  return { locale: DEFAULT_LOCALE, prefixed: false, path: pathname === '' ? '/' : pathname };
}

/**
 * The url an SEO record is found by (§7): the path without its locale prefix, decoded, and
 * without a trailing slash (`/es-ES/gamehall/` → `/gamehall`; `/` stays). The platform's page
 * head and the shell's client-side head use the same rule.
 */
export function seoUrlOf(pathname: string): string {
  let path = splitLocalePath(pathname).path;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as it came.
  }
  return path.replace(/(.)\/+$/, '$1');
}

/** `localizePath('/gamehall', 'es-ES')` → `/es-ES/gamehall`; the default locale adds nothing. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * A run at the start of a path that a browser, or a later percent-decoding, reads as more than
 * one slash: `/` and `\` (browsers treat both as separators), their encodings `%2F` and `%5C`,
 * and spaces and control characters (URL parsers drop tabs and newlines), raw or encoded.
 */
// eslint-disable-next-line no-control-regex -- control characters are part of what is collapsed
const LEADING_SEPARATORS = /^(?:[/\\\u0000-\u0020\u007f]|%(?:2f|5c|[01][0-9a-f]|20|7f))+/i;

/**
 * When a path carries the default locale as its prefix, the canonical path without it
 * (query and hash kept); otherwise null. Used for the 301 on the server and on the client.
 * The answer is always a path of this site: `/en-US//evil.example` gives `/evil.example`, never
 * the protocol-relative `//evil.example` a browser would follow to another host.
 */
export function defaultLocaleRedirect(url: string): string | null {
  const [pathname = '/', ...tail] = url.split(/(?=[?#])/);
  const parsed = splitLocalePath(pathname);
  if (!parsed.prefixed || parsed.locale !== DEFAULT_LOCALE) return null;
  return parsed.path.replace(LEADING_SEPARATORS, '/') + tail.join('');
}

/** Cookie that remembers the chosen locale (§9: one year, path /). */
export const LOCALE_COOKIE = 'i18n_locale';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
