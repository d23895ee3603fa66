import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isLocale, localizePath, splitLocalePath } from '@northstar/i18n';
import { chooseLocale } from '@northstar/i18n/locale-choice';
import { useShellNavigation, useSiteContent, useSiteLocales } from '@northstar/shell-sdk';
import { offeredCodes } from './locale-session.ts';
import { accountLocaleQuery } from './startup.ts';

/**
 * §4 platform strategy (`localeDetectStrategy: 'platform'` in the common content): for a
 * signed-in player the account's locale (change-locale without args) wins over the URL's; when
 * they differ, the page moves to the account locale's path, replacing the history entry.
 */
export function useAccountLocale(): void {
  const { locale, pathname, search, hash, navigate } = useShellNavigation();
  const strategy = useSiteContent()?.commonContent.localeDetectStrategy;
  const site = useSiteLocales();
  // Mounted for a signed-in player only (player-watchers.tsx).
  const applies = strategy === 'platform';
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
