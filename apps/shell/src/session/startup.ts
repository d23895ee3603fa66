import type { QueryClient } from '@tanstack/react-query';
import type { ArgsOf, MethodRef } from '@northstar/api-client/transport';
import type { MethodDefinition } from '@northstar/contract';
import {
  apiQueryKey,
  DIGITAN_SYSNAME,
  forgetBalance,
  siteContentQuery,
  siteLocalesQuery,
} from '@northstar/shell-sdk';
import { SHELL_METHODS as M, shellApi } from './shell-api.ts';

/**
 * §7 "Start-up": the calls the site makes as it opens, in parallel, each tolerating failure (a
 * failed call leaves its query in the error state; whoever needs the answer shows its own
 * fallback). Answers go to the page's QueryClient under `apiQueryKey(module, method, params)`,
 * where remotes find them. Payment methods come with the common content (`/nfx/cms-config`).
 *
 * `fresh` asks again however recent the answer in the cache is (a locale change).
 */
function prefetcher(client: QueryClient, fresh = false) {
  return <D extends MethodDefinition>(ref: MethodRef<D>, ...args: ArgsOf<D>): Promise<void> => {
    const params = (args[0] ?? {}) as Record<string, unknown>;
    return client.prefetchQuery({
      queryKey: apiQueryKey(ref.module, ref.method, params),
      queryFn: () => shellApi.send(ref, ...args),
      retry: false,
      ...(fresh ? { staleTime: 0 } : {}),
    });
  };
}

/** For everyone, once per page load; the content backend's reads for the page's locale too. */
export function prefetchPublicStartup(
  client: QueryClient,
  locale: string,
  fresh = false,
): Promise<unknown> {
  const prefetch = prefetcher(client, fresh);
  return Promise.allSettled([
    client.prefetchQuery(siteContentQuery(locale)),
    client.prefetchQuery(siteLocalesQuery()),
    prefetch(M.getgeneralinfo),
    prefetch(M.getProviders),
    prefetch(M.getcharacters),
    prefetch(M.getContactPhoneSettings),
    // §3: `hasDigitan` is whether this lookup returns items.
    prefetch(M.games, { options: JSON.stringify({ sysname: DIGITAN_SYSNAME }) }),
  ]);
}

/**
 * For a signed-in player, whenever the session starts: received free-spin packs, profile,
 * loyalty info, favourites, and change-locale without args (§7), which answers the account's
 * locale (`accountLocaleQuery`).
 */
const PLAYER_CALLS = [M.freespins, M.getprofileinfo, M.loyaltyInfo, M.getLikes, M.changelocale];

function prefetchPlayerData(client: QueryClient, fresh: boolean): Promise<void>[] {
  const prefetch = prefetcher(client, fresh);
  return [
    prefetch(M.freespins, { status: 'received' }),
    prefetch(M.getprofileinfo, { fields: 'contacts,document' }),
    prefetch(M.loyaltyInfo),
    prefetch(M.getLikes),
  ];
}

export function prefetchPlayerStartup(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    ...prefetchPlayerData(client, false),
    client.prefetchQuery(accountLocaleQuery()),
  ]);
}

/**
 * §4: a locale change reloads the initial data of the locale: the content backend's reads for it
 * and every start-up answer, asked again in the new locale (the transport sends Lingui's active
 * locale, so call this once Lingui is on it). Change-locale is not asked again: the switch has
 * just set the account's locale.
 */
export function reloadLocaleStartup(
  client: QueryClient,
  locale: string,
  signedIn: boolean,
): Promise<unknown> {
  return Promise.allSettled([
    prefetchPublicStartup(client, locale, true),
    ...(signedIn ? prefetchPlayerData(client, true) : []),
  ]);
}

/** The key of change-locale's answer without args: the account's locale. */
export const ACCOUNT_LOCALE_QUERY_KEY = apiQueryKey(M.changelocale.module, M.changelocale.method);

/** The account's locale (change-locale without args, §7); for a signed-in player only. */
export const accountLocaleQuery = () => ({
  queryKey: ACCOUNT_LOCALE_QUERY_KEY,
  queryFn: () => shellApi.send(M.changelocale),
  retry: false,
});

/** On sign-out nothing of the player's may stay in the page for the next one to see. */
export function forgetPlayerData(client: QueryClient): void {
  for (const ref of PLAYER_CALLS) {
    client.removeQueries({ queryKey: apiQueryKey(ref.module, ref.method).slice(0, 3) });
  }
  forgetBalance(client);
}
