// @vitest-environment happy-dom
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SITE_CONFIG_SECTION_DEFAULTS } from '@northstar/contract';
import { ShellNavigationContext, type ShellNavigation } from './navigation.ts';
import { siteContentQuery, useSiteConfig } from './site-content.ts';

afterEach(cleanup);

const NAVIGATION = { locale: 'en-US', pathname: '/', search: '' } as ShellNavigation;

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ShellNavigationContext.Provider value={NAVIGATION}>
        <Suspense fallback={null}>{children}</Suspense>
      </ShellNavigationContext.Provider>
    </QueryClientProvider>
  );
}

describe('useSiteConfig (#23)', () => {
  it('answers the section as the platform read it once /nfx/cms-config has loaded', async () => {
    const client = new QueryClient();
    const games = { ...SITE_CONFIG_SECTION_DEFAULTS.games, hallType: 'items' as const };
    client.setQueryData(siteContentQuery('en-US').queryKey, {
      locale: 'en-US',
      siteConfig: { ...SITE_CONFIG_SECTION_DEFAULTS, games },
      commonContent: {},
    } as never);
    const { result } = renderHook(() => useSiteConfig('games'), { wrapper: wrapper(client) });
    await waitFor(() => expect(result.current).toBe(games));
  });

  it("answers the contract's defaults while (or when) the config is not there", async () => {
    const client = new QueryClient();
    client.setQueryData(siteContentQuery('en-US').queryKey, null as never);
    let hook!: { current: unknown };
    // The defaults are downloaded when first needed (Suspense meanwhile): act awaits both.
    await act(async () => {
      hook = renderHook(() => useSiteConfig('balanceRefresh'), { wrapper: wrapper(client) }).result;
    });
    await act(async () => {
      await import('@northstar/contract/site-config-defaults');
    });
    expect(hook.current).toEqual({
      isEnabledInterval: true,
      countSecondsForInterval: 10,
      isEnabledTurnOffRequests: true,
      countMinutesAfterWhichRequestsTurnedOff: 5,
      isEnabledRequestsAfterClick: true,
      countSecondsForDelayBetweenClick: 1,
    });
  });
});
