import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, DIGITAN_SYSNAME, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The seed's way, kept as the operator's option (issue #29, §3 `hasDigitan`): when the catalogue
 * has the third-party sportsbook game (`dgt_sportsbook`), `/betting` frames it instead of our
 * book. The answer is the shell's start-up lookup (the same cache entry: nothing is asked twice).
 */
const LOOKUP = { options: JSON.stringify({ sysname: DIGITAN_SYSNAME }) };
const GAMES = methodRef('games', 'get');

export function useThirdPartyBook(): boolean {
  const lookup = useQuery({
    queryKey: apiQueryKey(GAMES.module, GAMES.method, LOOKUP),
    queryFn: async () => (await pageApi.send(GAMES, LOOKUP)) as { items: unknown[] },
    staleTime: Infinity,
    retry: false,
  });
  return (lookup.data?.items.length ?? 0) > 0;
}
