// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { ApiError } from '@northstar/errors';
import { SystemPageGate } from './system-page-gate.tsx';
import { systemPageAtom } from './system-page-state.ts';
import { retryQuery, systemPageCaches } from './query-errors.ts';

// The pages themselves (Lingui macros, the layout) are the e2e suite's; here, which one is drawn.
vi.mock('./system-pages.tsx', () => ({
  SystemPageView: ({ kind }: { kind: string }) => <h1>system page: {kind}</h1>,
}));
vi.mock('./page-skeleton.tsx', () => ({ PageSkeleton: () => <p>Loading…</p> }));

afterEach(cleanup);

function renderAt(path: string, store = createStore()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SystemPageGate>
            <Outlet />
          </SystemPageGate>
        ),
        children: [
          {
            path: '/gamehall',
            element: (
              <>
                <h1>Game hall</h1>
                <Link to="/promotions">Promotions</Link>
                <Link to="/gamehall?sort=new">Newest</Link>
              </>
            ),
          },
          { path: '/promotions', element: <h1>Promotions</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <JotaiProvider store={store}>
      <RouterProvider router={router} />
    </JotaiProvider>,
  );
  return { store, router };
}

describe('SystemPageGate', () => {
  it('draws the route while no system page is set', () => {
    renderAt('/gamehall');
    expect(screen.getByRole('heading').textContent).toBe('Game hall');
  });

  it('draws the system page in place of the route of its path', async () => {
    const store = createStore();
    store.set(systemPageAtom, { kind: 'maintenance', path: '/gamehall' });
    renderAt('/gamehall', store);
    expect((await screen.findByRole('heading')).textContent).toBe('system page: maintenance');
    expect(screen.queryByText('Game hall')).toBeNull();
  });

  it('shows the route again once the player goes to another path, and forgets the page', async () => {
    const store = createStore();
    const { router } = renderAt('/gamehall', store);
    act(() => store.set(systemPageAtom, { kind: 'forbidden', path: '/gamehall' }));
    expect((await screen.findByRole('heading')).textContent).toBe('system page: forbidden');

    await act(() => router.navigate('/promotions'));
    expect(screen.getByRole('heading').textContent).toBe('Promotions');
    expect(store.get(systemPageAtom)).toBeNull();

    // Back on the first path the route draws again: the page belonged to that visit.
    await act(() => router.navigate('/gamehall'));
    expect(screen.getByRole('heading').textContent).toBe('Game hall');
  });

  it('keeps the page while only the query of the same path changes', async () => {
    const store = createStore();
    store.set(systemPageAtom, { kind: 'user-blocked', path: '/gamehall' });
    const { router } = renderAt('/gamehall', store);
    expect((await screen.findByRole('heading')).textContent).toBe('system page: user-blocked');
    await act(() => router.navigate('/gamehall?sort=new'));
    expect(screen.getByRole('heading').textContent).toBe('system page: user-blocked');
    expect(store.get(systemPageAtom)).toEqual({ kind: 'user-blocked', path: '/gamehall' });
  });
});

describe('systemPageCaches: errors of any query or mutation', () => {
  const wire = (status: number, type: string) =>
    ApiError.fromResponse(status, { error: { type, code: 'x', message: 'm' } });

  function client(path = '/cashier/deposit') {
    const store = createStore();
    const queryClient = new QueryClient({
      ...systemPageCaches(store, { path: () => path, userAgent: 'Mozilla/5.0 Chrome/126.0' }),
      defaultOptions: { queries: { retry: false } },
    });
    return { store, queryClient };
  }

  it.each([
    [403, 'UserBannedException', 'user-blocked'],
    [503, 'ApplicationUnavailableException', 'maintenance'],
    [503, 'ApplicationDisabledException', 'maintenance'],
    [403, 'AccessDeniedException', 'forbidden'],
  ])('a query answered %i %s shows %s for the current path', async (status, type, kind) => {
    const { store, queryClient } = client();
    await queryClient
      .fetchQuery({ queryKey: ['balance'], queryFn: () => Promise.reject(wire(status, type)) })
      .catch(() => undefined);
    expect(store.get(systemPageAtom)).toEqual({ kind, path: '/cashier/deposit' });
  });

  it('leaves other failures to the screen that asked', async () => {
    const { store, queryClient } = client();
    await queryClient
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(wire(500, 'UnknownError')) })
      .catch(() => undefined);
    await queryClient
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(wire(404, 'MethodNotFound')) })
      .catch(() => undefined);
    expect(store.get(systemPageAtom)).toBeNull();
  });

  it('never shows a page for a soft failure (§8)', async () => {
    const { store, queryClient } = client();
    await queryClient
      .fetchQuery({
        queryKey: ['seo'],
        queryFn: () => Promise.reject(wire(403, 'UserBannedException')),
        meta: { softFailure: true },
      })
      .catch(() => undefined);
    expect(store.get(systemPageAtom)).toBeNull();
  });

  it('a ban does not cover the support page its button leads to', async () => {
    const { store, queryClient } = client('/es-ES/support');
    await queryClient
      .fetchQuery({
        queryKey: ['balance'],
        queryFn: () => Promise.reject(wire(403, 'UserBannedException')),
      })
      .catch(() => undefined);
    expect(store.get(systemPageAtom)).toBeNull();
  });

  it('a mutation answered banned shows the user-blocked page', async () => {
    const { store, queryClient } = client('/profile');
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(wire(403, 'UserBannedException')) })
      .execute(undefined)
      .catch(() => undefined);
    expect(store.get(systemPageAtom)).toEqual({ kind: 'user-blocked', path: '/profile' });
  });
});

describe('retryQuery', () => {
  const wire = (status: number, type: string) =>
    ApiError.fromResponse(status, { error: { type, code: 'x', message: 'm' } });

  it.each([
    [403, 'UserBannedException'],
    [503, 'ApplicationUnavailableException'],
    [403, 'AccessDeniedException'],
  ])('does not try %i %s again: its page shows at once', (status, type) => {
    expect(retryQuery(0, wire(status, type))).toBe(false);
  });

  it('never retries an answer of the server: the transport did its one retry (§9)', () => {
    expect(retryQuery(0, wire(500, 'InternalServerErrorException'))).toBe(false);
    expect(retryQuery(0, wire(429, 'TooManyRequestsException'))).toBe(false);
    // No answer at all (the transport does not retry that): one retry here, no more.
    expect([0, 1].map((count) => retryQuery(count, new TypeError('Failed to fetch')))).toEqual([
      true,
      false,
    ]);
  });
});
