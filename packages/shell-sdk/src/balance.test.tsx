// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { balanceAtom, BALANCE_QUERY_KEY, forgetBalance, useBalance } from './balance.ts';
import { sessionAtom, type Money, type Session } from './state.ts';

const PLAYER: Session = {
  status: 'signed-in',
  user: { uid: 7, login: 'demo@northstar.test', fakename: 'Demo' },
};

const eur = (amount: string): Money => ({ amount, currency: 'EUR' });

/**
 * The platform as far as the browser sees it: `GET /api/account/getBalance` answers the balances
 * the test sets; anything else is a 404. Only `fetch` is stubbed; the transport, the query and
 * the QueryClient are the real ones.
 */
function fakeServer() {
  const server = {
    balances: {
      balance_main: eur('0.00'),
      balance_bonus: eur('0.00'),
      balance_betting_bonus: eur('0.00'),
      balance_fun: eur('0.00'),
      balance_total: eur('0.00'),
    },
    requests: [] as { url: URL; init: RequestInit | undefined }[],
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      server.requests.push({ url, init });
      if (url.pathname === '/api/account/getBalance') {
        return Response.json({ data: structuredClone(server.balances) });
      }
      return Response.json(
        { error: { type: 'MethodNotFoundException', code: 'method_not_found', message: '' } },
        { status: 404 },
      );
    }),
    balanceReads: () =>
      server.requests.filter((r) => r.url.pathname === '/api/account/getBalance').length,
  };
  return server;
}

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What a header or a wallet page draws: the displayed balance, and a way to ask again. */
function BalanceView() {
  const { total, refresh } = useBalance();
  return (
    <>
      <output aria-label="Balance">{total ? `${total.amount} ${total.currency}` : 'none'}</output>
      <button type="button" onClick={() => void refresh()}>
        Refresh
      </button>
    </>
  );
}

/** A remote built against shell-sdk 0.1: it reads and writes the deprecated atom. */
function LegacyRemote() {
  const balance = useAtomValue(balanceAtom);
  const setBalance = useSetAtom(balanceAtom);
  return (
    <>
      <output aria-label="Legacy balance">
        {balance ? `${balance.amount} ${balance.currency}` : 'none'}
      </output>
      <button type="button" onClick={() => setBalance(eur('1000000.00'))}>
        Legacy write
      </button>
    </>
  );
}

/** Renders `ui` with the page's real providers: one jotai store and one QueryClient. */
function setup(ui: ReactElement, session: Session) {
  const store = createStore();
  store.set(sessionAtom, session);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </JotaiProvider>,
  );
  return { user, store, queryClient };
}

const shown = (name = 'Balance') => screen.getByRole('status', { name }).textContent;

describe('useBalance', () => {
  it("shows the server's balance_total, never a sum made on the client", async () => {
    server.balances = {
      balance_main: eur('10.10'),
      balance_bonus: eur('0.20'),
      balance_betting_bonus: eur('0.30'),
      balance_fun: eur('5.00'),
      // Not 10.60: whatever the server says the displayed balance is, is shown.
      balance_total: eur('123.45'),
    };
    setup(<BalanceView />, PLAYER);
    await waitFor(() => expect(shown()).toBe('123.45 EUR'));
    expect(server.balanceReads()).toBe(1);
  });

  it('asks GET /api/account/getBalance with the §7 query and marker header', async () => {
    setup(<BalanceView />, PLAYER);
    await waitFor(() => expect(server.balanceReads()).toBe(1));
    const { url, init } = server.requests[0]!;
    expect(init?.method).toBe('GET');
    expect(url.searchParams.get('v')).toBe('2.34');
    expect(url.searchParams.get('locale')).toBeTruthy();
    expect(new Headers(init?.headers).get('X-App-Client')).toBe('web/2.34');
  });

  it('refetches after a write when refresh is called', async () => {
    server.balances.balance_total = eur('10.00');
    const { user } = setup(<BalanceView />, PLAYER);
    await waitFor(() => expect(shown()).toBe('10.00 EUR'));

    // A deposit went through on the server.
    server.balances.balance_main = eur('25.00');
    server.balances.balance_total = eur('25.00');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(shown()).toBe('25.00 EUR'));
    expect(server.balanceReads()).toBe(2);
  });

  it('shares one answer between every reader of the page', async () => {
    setup(
      <>
        <BalanceView />
        <BalanceView />
      </>,
      PLAYER,
    );
    await waitFor(() => expect(screen.getAllByText('0.00 EUR')).toHaveLength(2));
    expect(server.balanceReads()).toBe(1);
  });

  it.each<[string, Session]>([
    ['a visitor', { status: 'anonymous' }],
    ['a session not yet known', { status: 'unknown' }],
  ])('fetches nothing for %s', async (_label, session) => {
    const { user } = setup(<BalanceView />, session);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(shown()).toBe('none');
    // Even an explicit refresh asks nothing while nobody is signed in.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('starts reading when the player signs in, and shows nothing once they sign out', async () => {
    server.balances.balance_total = eur('42.00');
    const { store, queryClient } = setup(<BalanceView />, { status: 'anonymous' });
    expect(shown()).toBe('none');

    act(() => store.set(sessionAtom, PLAYER));
    await waitFor(() => expect(shown()).toBe('42.00 EUR'));

    act(() => {
      store.set(sessionAtom, { status: 'anonymous' });
      forgetBalance(queryClient);
    });
    await waitFor(() => expect(shown()).toBe('none'));
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
    expect(server.balanceReads()).toBe(1);
  });
});

describe('the deprecated balanceAtom', () => {
  it('reads what useBalance shows, and a write only asks the server again', async () => {
    server.balances.balance_total = eur('10.00');
    const { user } = setup(
      <>
        <BalanceView />
        <LegacyRemote />
      </>,
      PLAYER,
    );
    await waitFor(() => expect(shown('Legacy balance')).toBe('10.00 EUR'));

    server.balances.balance_total = eur('12.50');
    await user.click(screen.getByRole('button', { name: 'Legacy write' }));

    // The written million is never shown: the server's new answer is.
    await waitFor(() => expect(shown()).toBe('12.50 EUR'));
    expect(shown('Legacy balance')).toBe('12.50 EUR');
    expect(server.balanceReads()).toBe(2);
  });
});
