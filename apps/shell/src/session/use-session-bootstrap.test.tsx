// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BALANCE_QUERY_KEY, sessionAtom, useBalance, type Money } from '@northstar/shell-sdk';
import { systemPageAtom } from '../system/system-page-state.ts';
import { signOut, useSessionBootstrap } from './use-session-bootstrap.ts';

const eur = (amount: string): Money => ({ amount, currency: 'EUR' });

const INFO = {
  uid: 7,
  reg_time: '2024-01-01T00:00:00Z',
  login: 'demo@northstar.test',
  fakename: 'Demo',
  is_subscribed: false,
  balance_main: eur('10.10'),
  balance_bonus: eur('0.20'),
  balance_betting_bonus: eur('0.30'),
  balance_fun: eur('0.00'),
  is_on_verification: false,
  is_verified: false,
  is_kyc_block_enabled: false,
  is_registration_completed: true,
  country_code: null,
  locale: 'en-US',
  currency: 'EUR',
  two_factor_auth: false,
};

const BALANCES = {
  balance_main: eur('10.10'),
  balance_bonus: eur('0.20'),
  balance_betting_bonus: eur('0.30'),
  balance_fun: eur('0.00'),
  // Not 10.60, the sum of getInfo's amounts: the header shows the server's total.
  balance_total: eur('99.99'),
};

/** The platform as the browser sees it; only `fetch` is stubbed. */
const paths: string[] = [];
let banned = false;
const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input));
  paths.push(url.pathname);
  if (url.pathname === '/api/account/getInfo' && banned) {
    return Response.json(
      {
        error: {
          type: 'UserBannedException',
          code: 'user_banned',
          message: 'Banned',
          error_data: { type: 'user-banned' },
        },
      },
      { status: 403 },
    );
  }
  if (url.pathname === '/api/account/getInfo') return Response.json({ data: INFO });
  if (url.pathname === '/api/account/getBalance') return Response.json({ data: BALANCES });
  if (url.pathname === '/api/auth/logout') return Response.json({ data: 1 });
  return Response.json(
    { error: { type: 'MethodNotFoundException', code: 'method_not_found', message: '' } },
    { status: 404 },
  );
});

beforeEach(() => {
  banned = false;
  paths.length = 0;
  fetchStub.mockClear();
  vi.stubGlobal('fetch', fetchStub);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'ns_signed_in=; path=/; max-age=0';
});

/** The shell's root as far as the balance goes: the session bootstrap and the header's reader. */
function Shell() {
  useSessionBootstrap();
  const { total } = useBalance();
  return (
    <output aria-label="Balance">{total ? `${total.amount} ${total.currency}` : 'none'}</output>
  );
}

function setup() {
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { store, queryClient };
}

const shown = () => screen.getByRole('status', { name: 'Balance' }).textContent;

describe('the session bootstrap and the balance', () => {
  it("a player's header shows getBalance's balance_total, not a sum of getInfo's amounts", async () => {
    document.cookie = 'ns_signed_in=1; path=/';
    const { store } = setup();
    await waitFor(() => expect(shown()).toBe('99.99 EUR'));
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { uid: 7 } });
    expect(paths.filter((p) => p === '/api/account/getBalance')).toHaveLength(1);
  });

  it('a visitor (no session hint) asks nothing at all and sees no balance', async () => {
    const { store } = setup();
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(shown()).toBe('none');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('signing out drops the balance from the page', async () => {
    document.cookie = 'ns_signed_in=1; path=/';
    const { store, queryClient } = setup();
    await waitFor(() => expect(shown()).toBe('99.99 EUR'));
    await act(async () => {
      await signOut(queryClient);
      store.set(sessionAtom, { status: 'anonymous' });
    });
    expect(shown()).toBe('none');
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
  });

  it('a ban answered by getInfo shows the user-blocked page, and the player is no longer signed in', async () => {
    document.cookie = 'ns_signed_in=1; path=/';
    banned = true;
    const { store } = setup();
    await waitFor(() =>
      expect(store.get(systemPageAtom)).toEqual({ kind: 'user-blocked', path: location.pathname }),
    );
    expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' });
    expect(shown()).toBe('none');
  });

  it('an ended session (401) is a visitor, with no system page', async () => {
    document.cookie = 'ns_signed_in=1; path=/';
    fetchStub.mockImplementationOnce(async () =>
      Response.json(
        { error: { type: 'AuthorizationException', code: 'authorization', message: '' } },
        { status: 401 },
      ),
    );
    const { store } = setup();
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' }));
    expect(store.get(systemPageAtom)).toBeNull();
  });
});

/** The shell's root as a client-side navigation drives it: the path is the router's. */
function Routed({ pathname }: { pathname: string }) {
  useSessionBootstrap(pathname);
  return null;
}

describe('§4/§7 user info on a client-side navigation', () => {
  function setupRouted() {
    const store = createStore();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tree = (pathname: string) => (
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <Routed pathname={pathname} />
        </QueryClientProvider>
      </JotaiProvider>
    );
    const view = render(tree('/'));
    return { store, navigate: (pathname: string) => view.rerender(tree(pathname)) };
  }
  const getInfoCalls = () => paths.filter((p) => p === '/api/account/getInfo').length;

  it('asks account/getInfo once per page change, not for the first page', async () => {
    document.cookie = 'ns_signed_in=1; path=/';
    const { store, navigate } = setupRouted();
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
    expect(getInfoCalls()).toBe(1);
    const balanceCalls = paths.filter((p) => p === '/api/account/getBalance').length;

    navigate('/gamehall');
    await waitFor(() => expect(getInfoCalls()).toBe(2));
    navigate('/gamehall');
    navigate('/promotions');
    await waitFor(() => expect(getInfoCalls()).toBe(3));
    // The same player: the session stays the same object; the balance has its own refresh.
    expect(paths.filter((p) => p === '/api/account/getBalance')).toHaveLength(balanceCalls);
  });

  it('changed account fields reach the session; an ended session makes a visitor', async () => {
    document.cookie = 'ns_signed_in=1; path=/';
    const { store, navigate } = setupRouted();
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('signed-in'));
    const before = store.get(sessionAtom);
    navigate('/winners');
    await waitFor(() => expect(getInfoCalls()).toBe(2));
    expect(store.get(sessionAtom)).toBe(before);

    fetchStub.mockImplementationOnce(async (input: RequestInfo | URL) => {
      paths.push(new URL(String(input)).pathname);
      return Response.json({ data: { ...INFO, fakename: 'Renamed' } });
    });
    navigate('/providers');
    await waitFor(() =>
      expect(store.get(sessionAtom)).toMatchObject({ user: { fakename: 'Renamed' } }),
    );

    fetchStub.mockImplementationOnce(async () =>
      Response.json(
        { error: { type: 'AuthorizationException', code: 'authorization', message: '' } },
        { status: 401 },
      ),
    );
    navigate('/jackpots');
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' }));
  });

  it('a visitor navigating asks nothing', async () => {
    const { store, navigate } = setupRouted();
    await waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: 'anonymous' }));
    navigate('/gamehall');
    navigate('/promotions');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
