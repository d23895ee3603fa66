// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { i18n, registerCatalog } from '@northstar/i18n';
import { offeredCodes } from './locale-session.ts';
import { switchLocale } from './locale-switch.ts';
import { ACCOUNT_LOCALE_QUERY_KEY, reloadLocaleStartup } from './startup.ts';

/** The platform as the browser sees it: every call recorded, each answered with `data: {}`. */
const calls: { method: string; path: string; locale: string | null; body: string }[] = [];
const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const body =
    init?.body instanceof FormData
      ? new URLSearchParams([...init.body] as [string, string][]).toString()
      : '';
  calls.push({
    method: init?.method ?? 'GET',
    path: url.pathname,
    locale: url.searchParams.get('locale'),
    body,
  });
  if (url.pathname.startsWith('/nfx/')) return Response.json({});
  return Response.json({ data: {} });
});

beforeAll(async () => {
  // An empty catalog, so every locale the switch activates has its messages.
  await registerCatalog('test', async () => ({}));
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchStub);
  i18n.loadAndActivate({ locale: 'en-US', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'i18n_locale=; path=/; max-age=0';
});

const context = (signedIn: boolean, client = new QueryClient()) => ({
  queryClient: client,
  signedIn,
  pathname: '/promotions',
  search: '?ref=x',
  hash: '#top',
  navigate: vi.fn(),
});

describe('switchLocale', () => {
  it('remembers the choice, tells the account, and shows the same page under the new prefix', async () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    const ctx = context(true);
    await switchLocale('es-ES', ctx);
    expect(setCookie).toHaveBeenCalledWith(
      'i18n_locale=es-ES; path=/; max-age=31536000; samesite=lax',
    );
    expect(ctx.navigate).toHaveBeenCalledExactlyOnceWith('/es-ES/promotions?ref=x#top');
    expect(i18n.locale).toBe('es-ES');
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/account/changelocale')).toEqual([
        expect.objectContaining({ method: 'POST', body: 'locale=es-ES' }),
      ]),
    );
    // The platform strategy reads the new account locale at once, not the old answer.
    expect(ctx.queryClient.getQueryData(ACCOUNT_LOCALE_QUERY_KEY)).toEqual({ locale: 'es-ES' });
    setCookie.mockRestore();
  });

  it("a visitor's switch asks the account nothing", async () => {
    const ctx = context(false);
    await switchLocale('pt-BR', { ...ctx, pathname: '/es-ES/gamehall' });
    expect(ctx.navigate).toHaveBeenCalledWith('/pt-BR/gamehall?ref=x#top');
    expect(calls.some((c) => c.path === '/api/account/changelocale')).toBe(false);
    expect(ctx.queryClient.getQueryData(ACCOUNT_LOCALE_QUERY_KEY)).toBeUndefined();
  });

  it('the default locale has no prefix', async () => {
    const ctx = context(false);
    await switchLocale('en-US', { ...ctx, pathname: '/ru-RU/promotions' });
    expect(ctx.navigate).toHaveBeenCalledWith('/promotions?ref=x#top');
  });
});

describe('reloadLocaleStartup', () => {
  it('asks every start-up call again in the active locale, however fresh the cache is', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await reloadLocaleStartup(client, 'en-US', true);
    calls.length = 0;
    i18n.loadAndActivate({ locale: 'ru-RU', messages: {} });
    await reloadLocaleStartup(client, 'ru-RU', true);
    const api = calls.filter((c) => c.path.startsWith('/api/'));
    expect(api.map((c) => c.path).sort()).toEqual(
      [
        '/api/account/getContactPhoneSettings',
        '/api/account/getprofileinfo',
        '/api/freespins/get',
        '/api/games/get',
        '/api/games/getLikes',
        '/api/games/getProviders',
        '/api/loyalty/getcharacters',
        '/api/loyalty/getinfo',
        '/api/metadata/getgeneralinfo',
      ].sort(),
    );
    expect(api.every((c) => c.locale === 'ru-RU')).toBe(true);
    expect(calls.some((c) => c.path === '/nfx/cms-config/ru-RU')).toBe(true);
  });

  it("a visitor's reload asks none of a player's calls", async () => {
    await reloadLocaleStartup(new QueryClient(), 'es-ES', false);
    const paths = calls.map((c) => c.path);
    expect(paths).toContain('/api/metadata/getgeneralinfo');
    for (const path of [
      '/api/account/getprofileinfo',
      '/api/loyalty/getinfo',
      '/api/games/getLikes',
    ]) {
      expect(paths).not.toContain(path);
    }
  });
});

describe('offeredCodes', () => {
  it('the site list limited to the locales the front end has texts for; the built-in list until known', () => {
    expect(
      offeredCodes({
        locales: [
          { code: 'es-ES', name: 'Español', isDefault: false },
          { code: 'fr-FR', name: 'Français', isDefault: false },
        ],
        defaultLocale: 'es-ES',
      }),
    ).toEqual(['es-ES']);
    expect(offeredCodes({ locales: [], defaultLocale: 'en-US' })).toEqual([]);
    expect(offeredCodes(undefined)).toEqual(['en-US', 'es-ES', 'pt-BR', 'ru-RU']);
  });
});
