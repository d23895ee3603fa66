import { match } from '@formatjs/intl-localematcher';

/**
 * §4 "Locale choice", the browser's part: which offered locale best matches the languages a
 * browser asks for. The matching is `@formatjs/intl-localematcher`'s ECMA-402 "best fit" (CLDR
 * language distances): beyond an exact tag or the same language (`es-MX` → `es-ES`), it knows
 * that `nb` is `no`, `zh-HK` reads `zh-TW` rather than `zh-CN`, `es-419` is closer to `es-MX`
 * than to `es-ES`, and `gsw` reads German, which a split on `-` cannot.
 *
 * Server-side (the platform's first-request redirect): the matcher carries CLDR data the
 * shell's first load has no budget for (tools/budget.ts), so `chooseLocale` takes the result.
 */

/** No offered locale matches: the matcher's answer for "none" (never an offered code). */
const NONE = 'und';

/** At most this many tags of a header are read (a longer list is cut, never refused). */
const MAX_TAGS = 20;

/**
 * The offered locale that best matches the browser's languages, in the browser's order of
 * preference (an `Accept-Language` header is read with its q-values), or null when none does.
 */
export function bestLanguageMatch(
  languages: string | readonly string[] | null | undefined,
  available: readonly string[],
): string | null {
  const wanted = (
    typeof languages === 'string' ? parseAcceptLanguage(languages) : (languages ?? [])
  ).flatMap(canonical);
  // Canonical tag → the site's own spelling of the code (`es-ES` as configured).
  const offered = new Map(available.flatMap((code) => canonical(code).map((tag) => [tag, code])));
  if (wanted.length === 0 || offered.size === 0) return null;
  const chosen = match(wanted, [...offered.keys()], NONE, { algorithm: 'best fit' });
  return offered.get(chosen) ?? null;
}

/** A tag in its canonical form, or none when the tag is not a language tag at all. */
function canonical(tag: string): string[] {
  try {
    return Intl.getCanonicalLocales(tag);
  } catch {
    return [];
  }
}

/**
 * `es-MX,es;q=0.9,en;q=0.8` → `['es-MX', 'es', 'en']`, by q-value then order; at most 20 tags.
 * Kept by hand: the matcher takes a list, not a header, and `*` or q=0 ("not this one") have to
 * be dropped before it, not read as a wish.
 */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .slice(0, MAX_TAGS)
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
