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
 */
function prefetch<D extends MethodDefinition>(
  client: QueryClient,
  ref: MethodRef<D>,
  ...args: ArgsOf<D>
): Promise<void> {
  const params = (args[0] ?? {}) as Record<string, unknown>;
  return client.prefetchQuery({
    queryKey: apiQueryKey(ref.module, ref.method, params),
    queryFn: () => shellApi.send(ref, ...args),
    retry: false,
  });
}

/** For everyone, once per page load; the content backend's reads for the page's locale too. */
export function prefetchPublicStartup(client: QueryClient, locale: string): Promise<unknown> {
  return Promise.allSettled([
    client.prefetchQuery(siteContentQuery(locale)),
    client.prefetchQuery(siteLocalesQuery()),
    prefetch(client, M.getgeneralinfo),
    prefetch(client, M.getProviders),
    prefetch(client, M.getcharacters),
    prefetch(client, M.getContactPhoneSettings),
    // §3: `hasDigitan` is whether this lookup returns items.
    prefetch(client, M.games, { options: JSON.stringify({ sysname: DIGITAN_SYSNAME }) }),
  ]);
}

/**
 * For a signed-in player, whenever the session starts: received free-spin packs, profile,
 * loyalty info, favourites, and change-locale without args (§7), which answers the account's
 * locale.
 */
const PLAYER_CALLS = [M.freespins, M.getprofileinfo, M.loyaltyInfo, M.getLikes, M.changelocale];

export function prefetchPlayerStartup(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    prefetch(client, M.freespins, { status: 'received' }),
    prefetch(client, M.getprofileinfo, { fields: 'contacts,document' }),
    prefetch(client, M.loyaltyInfo),
    prefetch(client, M.getLikes),
    prefetch(client, M.changelocale),
  ]);
}

/** On sign-out nothing of the player's may stay in the page for the next one to see. */
export function forgetPlayerData(client: QueryClient): void {
  for (const ref of PLAYER_CALLS) {
    client.removeQueries({ queryKey: apiQueryKey(ref.module, ref.method).slice(0, 3) });
  }
  forgetBalance(client);
}
