import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import { sessionAtom } from '@northstar/shell-sdk';
import type { RedirectRule } from '@northstar/shell-sdk/page-rules';
import { categoryNames, createPageGuard, type PageGuardDeps } from './page-guard.ts';

const ORIGIN = 'http://site.test';

function setup(options: Partial<PageGuardDeps> & { signedIn?: boolean | 'unknown' } = {}) {
  const store = createStore();
  const { signedIn = false } = options;
  if (signedIn === true) {
    store.set(sessionAtom, { status: 'signed-in', user: { uid: 1, login: 'p', fakename: null } });
  } else if (signedIn === false) {
    store.set(sessionAtom, { status: 'anonymous' });
  }
  const assign = vi.fn<(url: string) => void>();
  const fetchRedirects = vi.fn<() => Promise<RedirectRule[]>>(async () => []);
  const fetchCategories = vi.fn<() => Promise<unknown>>(async () => []);
  const guard = createPageGuard({
    store,
    queryClient: new QueryClient(),
    hasSessionHint: () => false,
    assign,
    fetchRedirects,
    fetchCategories,
    ...options,
  });
  const visit = (url: string) => guard({ request: new Request(ORIGIN + url) });
  return { store, guard, visit, assign, fetchRedirects, fetchCategories };
}

/** What the guard threw: a redirect's target, a route error's status, or null when it passed. */
async function outcome(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get('Location') };
    }
    const init = (thrown as { init?: { status?: number } }).init;
    return { error: init?.status };
  }
}

describe('page guard: guards and fixed redirects (§2)', () => {
  it('sends a visitor on a protected path to the index with redirectUrl, query and hash kept', async () => {
    const { visit } = setup();
    expect(await outcome(visit('/cashier/deposit?amount=10#top'))).toEqual({
      status: 302,
      location: `/?redirectUrl=${encodeURIComponent('/cashier/deposit?amount=10#top')}`,
    });
    expect(await outcome(visit('/es-ES/profile/settings'))).toEqual({
      status: 302,
      location: `/es-ES?redirectUrl=${encodeURIComponent('/es-ES/profile/settings')}`,
    });
    expect(await outcome(visit('/gamehall'))).toBeNull();
  });

  it('lets a signed-in player in, and sends /profile/bets to history and billing to deposit', async () => {
    const { visit } = setup({ signedIn: true });
    expect(await outcome(visit('/cashier/withdraw'))).toBeNull();
    expect(await outcome(visit('/profile/bets?x=1#h'))).toEqual({
      status: 302,
      location: '/profile/bets/history?x=1#h',
    });
    expect(await outcome(visit('/pt-BR/cashier/billing'))).toEqual({
      status: 302,
      location: '/pt-BR/cashier/deposit',
    });
    // Issue #25: the legacy responsible-gaming path leads to the profile's page.
    expect(await outcome(visit('/responsible-game'))).toEqual({
      status: 302,
      location: '/profile/responsible-game',
    });
  });

  it('answers 404 for unknown paths, the legacy paths and params that fail validation', async () => {
    const { visit } = setup({ signedIn: true });
    for (const url of [
      '/no/such/page',
      '/bets/old/page',
      '/es-ES/bets/x',
      '/game/%20bad%20name',
      '/Not_A_Slug',
    ]) {
      expect(await outcome(visit(url)), url).toEqual({ error: 404 });
    }
  });

  it('keeps the hash of the navigation, which a loader request does not carry', async () => {
    const { visit } = setup({ hashOf: (url) => (url.pathname === '/cashier' ? '#top' : '') });
    expect(await outcome(visit('/cashier?x=1'))).toEqual({
      status: 302,
      location: `/?redirectUrl=${encodeURIComponent('/cashier?x=1#top')}`,
    });
  });

  it('a browser without the session hint is a visitor at once', async () => {
    const { visit } = setup({ signedIn: 'unknown' });
    expect(await outcome(visit('/profile'))).toMatchObject({ status: 302 });
  });

  it('with the hint it waits for the session before deciding a protected path', async () => {
    const { store, visit } = setup({ signedIn: 'unknown', hasSessionHint: () => true });
    const settled = vi.fn();
    const run = outcome(visit('/profile/settings')).then((value) => {
      settled();
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).not.toHaveBeenCalled();
    store.set(sessionAtom, { status: 'signed-in', user: { uid: 1, login: 'p', fakename: null } });
    expect(await run).toBeNull();

    const again = setup({ signedIn: 'unknown', hasSessionHint: () => true });
    const visitorRun = outcome(again.visit('/profile/settings'));
    again.store.set(sessionAtom, { status: 'anonymous' });
    expect(await visitorRun).toMatchObject({ status: 302 });
  });

  it('does not wait for the session on a path every visitor may open', async () => {
    const { visit } = setup({ signedIn: 'unknown', hasSessionHint: () => true });
    expect(await outcome(visit('/promotions'))).toBeNull();
  });
});

describe('page guard: the redirect table', () => {
  const rules: RedirectRule[] = [
    { from_url: '/old-offers', to_url: '/promotions', status: 301 },
    { from_url: '/partner/*', to_url: 'https://partner.example/*', status: 302 },
  ];

  it('is skipped on the first load (the server has applied it) and applied after', async () => {
    const { visit, fetchRedirects } = setup({ fetchRedirects: vi.fn(async () => rules) });
    // A slug page as far as the routes go: the server had already redirected it.
    expect(await outcome(visit('/old-offers'))).toBeNull();
    expect(fetchRedirects).not.toHaveBeenCalled();
    expect(await outcome(visit('/es-ES/old-offers?a=1#h'))).toEqual({
      status: 302,
      location: '/es-ES/promotions?a=1#h',
    });
  });

  it('follows an external target with a full page load, and fetches the table once', async () => {
    const fetchRedirects = vi.fn(async () => rules);
    const { visit, assign } = setup({ fetchRedirects });
    await outcome(visit('/'));
    void visit('/partner/deal?x=1');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example/deal?x=1'));
    expect(await outcome(visit('/gamehall'))).toBeNull();
    expect(fetchRedirects).toHaveBeenCalledTimes(1);
  });

  it('treats a table that cannot be fetched as empty', async () => {
    const { visit } = setup({
      fetchRedirects: vi.fn(async () => {
        throw new Error('offline');
      }),
    });
    await outcome(visit('/'));
    expect(await outcome(visit('/promotions'))).toBeNull();
  });
});

describe('page guard: the gamehall category middleware', () => {
  it('sends a category to the filtered gamehall, anything else stays', async () => {
    const { visit } = setup({
      fetchCategories: vi.fn(async () => [{ sysname: 'slots' }, 'live']),
    });
    await outcome(visit('/'));
    expect(await outcome(visit('/es-ES/gamehall/slots?sort=new'))).toEqual({
      status: 302,
      location: '/es-ES/gamehall?sort=new&category=slots',
    });
    expect(await outcome(visit('/gamehall/live'))).toMatchObject({
      location: '/gamehall?category=live',
    });
    expect(await outcome(visit('/gamehall/book-of-stars'))).toBeNull();
  });

  it('treats a failed categories call as no categories', async () => {
    const { visit } = setup({
      fetchCategories: vi.fn(async () => {
        throw new Error('MethodNotFoundException');
      }),
    });
    await outcome(visit('/'));
    expect(await outcome(visit('/gamehall/slots'))).toBeNull();
  });

  it('reads category names from strings and named items', () => {
    expect(categoryNames(['a', { sysname: 'b' }, { slug: 'c' }, { id: 4 }, null, 5])).toEqual([
      'a',
      'b',
      'c',
      '4',
    ]);
    expect(categoryNames({ items: ['x'] })).toEqual(['x']);
    expect(categoryNames(undefined)).toEqual([]);
  });
});
