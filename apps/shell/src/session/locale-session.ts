import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { activateLocale, isLocale, LOCALE_CODES, type Locale } from '@northstar/i18n';
import { sessionAtom, useSiteLocales, type LocalesResponse } from '@northstar/shell-sdk';
import { reloadLocaleStartup } from './startup.ts';

/**
 * §4 "Locale choice" on the client. The platform answers a page's first request on the chosen
 * locale's path (and 301s the default locale's prefix away), so the URL's prefix is the locale
 * the shell shows; what is left here: the switch, the data of a new locale, and the fatal start
 * when the site offers no locale. The account's locale under the platform strategy is a signed-in
 * player's (account-locale.ts). The switch itself is locale-switch.ts (loaded when used).
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
