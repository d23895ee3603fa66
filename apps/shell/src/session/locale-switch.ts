import type { QueryClient } from '@tanstack/react-query';
import {
  activateLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localizePath,
  splitLocalePath,
  type Locale,
} from '@northstar/i18n';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { ACCOUNT_LOCALE_QUERY_KEY } from './startup.ts';

// Loaded when the player uses the locale switcher (not with the first screen).

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
