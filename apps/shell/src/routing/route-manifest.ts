/**
 * The shell's route manifest: every route of §2 with and without the leading locale segment,
 * with its owner and layout. Built from the route table of `@northstar/shell-sdk` (the contract
 * remotes are typed against) and the locale list of `@northstar/i18n`. The e2e suite reads it.
 */
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@northstar/i18n/locales';
import {
  ROUTE_IDS,
  ROUTES,
  type LayoutName,
  type RouteId,
  type RouteOwner,
} from '@northstar/shell-sdk/routes';

export interface ManifestEntry {
  /** The react-router path, locale segment included when there is one. */
  path: string;
  id: RouteId;
  owner: RouteOwner;
  layout: LayoutName;
  /** The locale the path names (`undefined` prefix means the default locale). */
  locale: Locale;
  prefixed: boolean;
}

export const PREFIXED_LOCALES = LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE);

function withPrefix(pattern: string, locale: Locale): string {
  return pattern === '/' ? `/${locale}` : `/${locale}${pattern}`;
}

export const ROUTE_MANIFEST: readonly ManifestEntry[] = ROUTE_IDS.flatMap((id) => {
  const { pattern, owner, layout } = ROUTES[id];
  return [
    { path: pattern, id, owner, layout, locale: DEFAULT_LOCALE, prefixed: false },
    ...PREFIXED_LOCALES.map((locale) => ({
      path: withPrefix(pattern, locale),
      id,
      owner,
      layout,
      locale,
      prefixed: true,
    })),
  ];
});
