import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  activateLocale,
  isLocale,
  LOCALE_CODES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localizePath,
  splitLocalePath,
  type Locale,
} from '@northstar/i18n';
import { sessionAtom, useSiteLocales, type LocalesResponse } from '@northstar/shell-sdk';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { ACCOUNT_LOCALE_QUERY_KEY, reloadLocaleStartup } from './startup.ts';

/**
 * §4 "Locale choice" on the client. The platform answers a page's first request on the chosen
 * locale's path (and 301s the default locale's prefix away), so the URL's prefix is the locale
 * the shell shows; what is left here: the switch, the data of a new locale, and the fatal start
 * when the site offers no locale. The account's locale under the platform strategy is a signed-in
 * player's (account-locale.ts).
 */

/** The locales the site offers that the front end has texts for; the built-in list until known. */
export function offeredCodes(site: LocalesResponse | undefined): readonly string[] {
  return site ? site.locales.map((l) => l.code).filter((code) => isLocale(code)) : LOCALE_CODES;
}

/**
 * §8: the site offers no locale the front end can show, so no locale can be determined
 * (`chooseLocale` answers null only then) and the start fails (fatal 500). A failed read of the
 * list is not that: loading locales fails softly, with the built-in list.
 */
export function useLocalesNotFound(): boolean {
  const site = useSiteLocales();
  return site !== undefined && offeredCodes(site).length === 0;
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
