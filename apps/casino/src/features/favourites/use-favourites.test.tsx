import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { apiQueryKey, sessionAtom } from '@northstar/shell-sdk';
import { useFavouriteList } from './use-favourites.ts';

vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({ t: () => '' }) }));

function Listed() {
  const { favourites } = useFavouriteList();
  return <output>{JSON.stringify(favourites ?? null)}</output>;
}

/** The list a signed-in player's page shows, with `answer` already cached under `key`. */
function favouritesWith(key: readonly unknown[], answer: unknown): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(key, answer);
  const store = createStore();
  store.set(sessionAtom, { status: 'signed-in', user: { uid: 1, login: 'p', fakename: null } });
  const html = renderToString(
    <QueryClientProvider client={client}>
      <JotaiProvider store={store}>
        <Listed />
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return html.replace(/^<output>|<\/output>$/g, '').replaceAll('&quot;', '"');
}

describe('useFavouriteList', () => {
  it("reads the shell's start-up answer of games/getLikes under the same key (issue #22)", () => {
    // §7 start-up: the shell prefetches games/getLikes' whole answer for a signed-in player; the
    // hall's tiles then read that cache entry on a client navigation.
    const shellKey = apiQueryKey('games', 'getLikes');
    expect(favouritesWith(shellKey, { sysnames: ['comet', 'nova'] })).toBe('["comet","nova"]');
  });
});
