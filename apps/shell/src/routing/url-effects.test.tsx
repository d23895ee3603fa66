// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, Outlet, useLocation, useNavigate } from 'react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import {
  sameOriginPath,
  sessionAtom,
  ShellNavigationContext,
  toastQueue,
  type ShellNavigation,
} from '@northstar/shell-sdk';
import { splitLocalePath } from '@northstar/i18n/locales';
import { UrlEffects } from './url-effects.tsx';

// The Lingui macro is compiled away in the app's build; here its texts render as written.
vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: React.ReactNode }) => children,
}));

i18n.loadAndActivate({ locale: 'en-US', messages: {} });

/** The navigation AppRoot gives (same-origin paths only). */
function Navigation() {
  const location = useLocation();
  const navigate = useNavigate();
  const value: ShellNavigation = {
    locale: splitLocalePath(location.pathname).locale,
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    navigate: (to, options) => {
      const path = sameOriginPath(to);
      if (path !== null) void navigate(path, options);
    },
  };
  return (
    <ShellNavigationContext.Provider value={value}>
      <Outlet />
    </ShellNavigationContext.Provider>
  );
}

function mount(url: string, initial: 'anonymous' | 'unknown' = 'anonymous') {
  const store = createStore();
  store.set(sessionAtom, { status: initial });
  const router = createMemoryRouter(
    [
      {
        Component: Navigation,
        children: [{ Component: UrlEffects, children: [{ path: '*', element: <p>page</p> }] }],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </JotaiProvider>,
  );
  const here = () => {
    const { pathname, search, hash } = router.state.location;
    return pathname + search + hash;
  };
  const signIn = () =>
    act(() => {
      store.set(sessionAtom, { status: 'signed-in', user: { uid: 1, login: 'p', fakename: null } });
    });
  return { store, router, here, signIn };
}

afterEach(() => {
  cleanup();
  toastQueue.clear();
  localStorage.clear();
});

describe('UrlEffects: after sign-in (§2)', () => {
  it('goes to redirectUrl when the session turns signed-in', async () => {
    const view = mount(`/?redirectUrl=${encodeURIComponent('/cashier/deposit?amount=5#top')}`);
    expect(view.here()).toBe(
      `/?redirectUrl=${encodeURIComponent('/cashier/deposit?amount=5#top')}`,
    );
    await view.signIn();
    await vi.waitFor(() => expect(view.here()).toBe('/cashier/deposit?amount=5#top'));
  });

  it('keeps the hash the browser carried over from a server redirect', async () => {
    const view = mount(`/?redirectUrl=${encodeURIComponent('/profile?tab=1')}#part`);
    await view.signIn();
    await vi.waitFor(() => expect(view.here()).toBe('/profile?tab=1#part'));
  });

  it('follows backUrl too, and a visitor stays where they are', async () => {
    const view = mount('/es-ES?backUrl=%2Fes-ES%2Fpromotions');
    expect(view.here()).toBe('/es-ES?backUrl=%2Fes-ES%2Fpromotions');
    await view.signIn();
    await vi.waitFor(() => expect(view.here()).toBe('/es-ES/promotions'));
  });

  it('leaves backUrl to the page when it opens with a session already there', async () => {
    // §2 a game asks for a top-up with /cashier/deposit?backUrl=/game/{sysname}: a signed-in
    // player sees the deposit form; the cashier follows backUrl when the deposit finishes.
    const view = mount('/cashier/deposit?backUrl=%2Fgame%2Fnorthstar-dice', 'unknown');
    await view.signIn();
    await act(async () => undefined);
    expect(view.here()).toBe('/cashier/deposit?backUrl=%2Fgame%2Fnorthstar-dice');
  });

  it('still follows redirectUrl when the page opens with a session already there', async () => {
    const view = mount(`/?redirectUrl=${encodeURIComponent('/profile')}`, 'unknown');
    await view.signIn();
    await vi.waitFor(() => expect(view.here()).toBe('/profile'));
  });

  it.each(['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example'])(
    'sends %s to the index and drops the consumed parameter',
    async (vector) => {
      const view = mount(`/es-ES/gamehall?redirectUrl=${encodeURIComponent(vector)}&keep=1#h`);
      await view.signIn();
      await vi.waitFor(() => expect(view.here()).toBe('/es-ES?keep=1#h'));
    },
  );
});

describe('UrlEffects: register=success and promo_code', () => {
  it('shows one welcome toast and removes the flag', async () => {
    const view = mount('/gamehall?register=success&sort=new#top');
    await act(async () => undefined);
    expect(view.here()).toBe('/gamehall?sort=new#top');
    expect(toastQueue.getSnapshot().map((toast) => toast.id)).toEqual(['register-success']);
  });

  it('keeps the last promo_code in localStorage', async () => {
    mount('/?promo_code=A&promo_code=WELCOME');
    await act(async () => undefined);
    expect(localStorage.getItem('promo_code')).toBe('WELCOME');
  });
});

describe('UrlEffects: messages of the embedded forms (§2)', () => {
  const post = (data: unknown, origin: string) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin }));
    });

  it('follows a redirect asked by a frame of this site', async () => {
    const view = mount('/promotions');
    await post(
      { type: 'northstar:embed', action: 'redirect', url: '/?show_popup_reg=1' },
      window.location.origin,
    );
    await vi.waitFor(() => expect(view.here()).toBe('/?show_popup_reg=1'));
  });

  it('ignores a foreign origin the site config does not list, and a target off the site', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({ siteConfig: { embedOrigins: ['https://partner.example'] } }),
          ),
        ),
      );
    try {
      const view = mount('/promotions');
      await post(
        { type: 'northstar:embed', action: 'redirect', url: '/?from=stranger' },
        'https://evil.example',
      );
      await post(
        { type: 'northstar:embed', action: 'redirect', url: '//evil.example/x' },
        window.location.origin,
      );
      // Both were looked at (the site config was asked about the stranger) and refused.
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(view.here()).toBe('/promotions');
      await post(
        { type: 'northstar:embed', action: 'redirect', url: '/?from=partner' },
        'https://partner.example',
      );
      await vi.waitFor(() => expect(view.here()).toBe('/?from=partner'));
    } finally {
      fetchMock.mockRestore();
    }
  });
});
