/**
 * §4 "Locale choice", one rule for the platform (a page's first request) and the shell:
 *
 * - with the platform strategy (`localeDetectStrategy: 'platform'`) and a signed-in player, the
 *   account's locale wins, else the URL's locale, else the default;
 * - otherwise the URL's locale, then the `i18n_locale` cookie, then the best match of the
 *   browser's languages, else the default;
 * - the default is the site's default locale, else `en-US` (§9 fallback) when the site offers it.
 *
 * Only a locale the site offers is ever chosen. `null` means no locale can be determined (the
 * site offers none): the start fails with the fatal 500 of §8, `PLUGIN:I18N: LOCALES NOT FOUND`.
 *
 * Pure: no cookies, headers or `navigator` are read here; callers pass what they have.
 */

/** §8: the status message of the fatal error when no locale can be determined. */
export const LOCALES_NOT_FOUND = 'PLUGIN:I18N: LOCALES NOT FOUND';

/** §9: the fallback when the site names no default. */
export const FALLBACK_LOCALE = 'en-US';

export interface LocaleChoiceInput {
  /** The locales the site offers (codes such as `es-ES`). */
  available: readonly string[];
  /** The site's default locale, if it names one. */
  defaultLocale?: string | null;
  /** `localeDetectStrategy` of the common content (§3). */
  strategy?: string | null;
  /** The signed-in player's account locale; null or absent for a visitor. */
  accountLocale?: string | null;
  /** The locale prefix of the URL; null or absent when the path has none. */
  urlLocale?: string | null;
  /** The `i18n_locale` cookie. */
  cookieLocale?: string | null;
  /**
   * The offered locale that best matches the browser's languages (`bestLanguageMatch` of
   * `@northstar/i18n/accept-language`, which the platform runs on `Accept-Language`). Matched
   * by the caller so this rule, which the shell's first load carries, stays free of the
   * matcher's locale data.
   */
  browserLocale?: string | null;
}

export function chooseLocale(input: LocaleChoiceInput): string | null {
  const offered = (code: string | null | undefined): string | null =>
    code ? (input.available.find((l) => l.toLowerCase() === code.toLowerCase()) ?? null) : null;
  const fallback = offered(input.defaultLocale) ?? offered(FALLBACK_LOCALE) ?? input.available[0];
  if (fallback === undefined) return null;
  if (input.strategy === 'platform' && input.accountLocale) {
    return offered(input.accountLocale) ?? offered(input.urlLocale) ?? fallback;
  }
  return (
    offered(input.urlLocale) ??
    offered(input.cookieLocale) ??
    offered(input.browserLocale) ??
    fallback
  );
}
