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
  /** An `Accept-Language` header, or `navigator.languages`. */
  browserLanguages?: string | readonly string[] | null;
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
    bestLanguageMatch(input.browserLanguages, input.available) ??
    fallback
  );
}

/**
 * The offered locale that best matches the browser's languages, in the browser's order of
 * preference: an exact match (`es-ES`), else one of the same language (`es` or `es-MX` → `es-ES`).
 * An `Accept-Language` header is read with its q-values; `*` and q=0 entries match nothing.
 */
export function bestLanguageMatch(
  languages: string | readonly string[] | null | undefined,
  available: readonly string[],
): string | null {
  const wanted = typeof languages === 'string' ? parseAcceptLanguage(languages) : (languages ?? []);
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const exact = available.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const sameLanguage = available.find((code) => code.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** `es-MX,es;q=0.9,en;q=0.8` → `['es-MX', 'es', 'en']`, by q-value then order; at most 20 tags. */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => quality > 0 && /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i.test(tag))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
