import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  activateLocale,
  chooseLocale,
  isLocale,
  LOCALE_CODES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localizePath,
  splitLocalePath,
  type Locale,
} from '@northstar/i18n';
import {
  sessionAtom,
  useShellNavigation,
  useSiteContent,
  useSiteLocales,
  type LocalesResponse,
} from '@northstar/shell-sdk';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { ACCOUNT_LOCALE_QUERY_KEY, accountLocaleQuery, reloadLocaleStartup } from './startup.ts';

/**
 * §4 "Locale choice" on the client. The platform answers a page's first request on the chosen
 * locale's path (and 301s the default locale's prefix away), so the URL's prefix is the locale
 * the shell shows; what is left here: the switch, the data of a new locale, the account's locale
 * under the platform strategy, and the fatal start when the site offers no locale.
 */

/** The locales the site offers that the front end has texts for; the built-in list until known. */
function offeredCodes(site: LocalesResponse | undefined): readonly string[] {
  return site ? site.locales.map((l) => l.code).filter((code) => isLocale(code)) : LOCALE_CODES;
}

/** §8: the site offers no locale the front end can show, so the start fails (fatal 500). */
export function useLocalesNotFound(): boolean {
  const site = useSiteLocales();
  if (!site) return false;
  return (
    chooseLocale({ available: offeredCodes(site), defaultLocale: site.defaultLocale }) === null
  );
}

/**
 * The player picked a locale (the locale switcher): remember it for a year (§9: cookie
 * `i18n_locale`, path /), tell the account (§7 change-locale), load the texts, and show the same
 * page under the new prefix, client-side (no reload). The new locale's data follows from
 * `useLocaleData` once the path changes.
 */
export async function switchLocale(
  next: Locale,
  context: {
    queryClient: QueryClient;
    signedIn: boolean;
    pathname: string;
    search: string;
    hash: string;
    navigate: (to: string) => void;
  },
): Promise<void> {
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
  if (context.signedIn) {
    // The account's locale is the new one from now on; set before the path changes, so the
    // platform strategy (useAccountLocale) does not send the player back to the old one.
    context.queryClient.setQueryData(ACCOUNT_LOCALE_QUERY_KEY, { locale: next });
    void shellApi.send(SHELL_METHODS.changelocale, { locale: next }).catch((error: unknown) => {
      console.warn('[i18n] the account kept its locale', error);
    });
  }
  await activateLocale(next);
  context.navigate(
    localizePath(splitLocalePath(context.pathname).path, next) + context.search + context.hash,
  );
}

/**
 * §4: a change of locale (the switcher, or back and forward between prefixes) reloads the texts
 * and the initial data of the locale: the start-up answers, asked again in the new locale, and
 * the content backend's reads for it. The first render's locale was loaded by the bootstrap.
 */
export function useLocaleData(locale: Locale): void {
  const queryClient = useQueryClient();
  const signedIn = useAtomValue(sessionAtom).status === 'signed-in';
  const shown = useRef(locale);
  const latestSignedIn = useRef(signedIn);
  useEffect(() => {
    latestSignedIn.current = signedIn;
  }, [signedIn]);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    let current = true;
    // The transport sends Lingui's active locale: the answers are asked once it is the new one.
    void activateLocale(locale).then(() => {
      if (current) void reloadLocaleStartup(queryClient, locale, latestSignedIn.current);
    });
    return () => {
      current = false;
    };
  }, [locale, queryClient]);
}

/**
 * §4 platform strategy (`localeDetectStrategy: 'platform'` in the common content): for a
 * signed-in player the account's locale (change-locale without args) wins over the URL's; when
 * they differ, the page moves to the account locale's path, replacing the history entry.
 */
export function useAccountLocale(): void {
  const { locale, pathname, search, hash, navigate } = useShellNavigation();
  const strategy = useSiteContent()?.commonContent.localeDetectStrategy;
  const site = useSiteLocales();
  const signedIn = useAtomValue(sessionAtom).status === 'signed-in';
  const applies = signedIn && strategy === 'platform';
  const account = useQuery({ ...accountLocaleQuery(), enabled: applies }).data?.locale;

  useEffect(() => {
    if (!applies || !account) return;
    const chosen = chooseLocale({
      available: offeredCodes(site),
      defaultLocale: site?.defaultLocale,
      strategy,
      accountLocale: account,
      urlLocale: locale,
    });
    if (chosen === null || chosen === locale || !isLocale(chosen)) return;
    navigate(localizePath(splitLocalePath(pathname).path, chosen) + search + hash, {
      replace: true,
    });
  }, [applies, account, site, strategy, locale, pathname, search, hash, navigate]);
}
