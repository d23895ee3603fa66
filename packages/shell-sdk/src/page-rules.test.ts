import { describe, expect, it } from 'vitest';
import {
  gamehallCategoryRedirect,
  isProtectedPath,
  matchRedirectTable,
  matchRoute,
  pageDecision,
  ROUTE_PARAM_RULES,
  type RedirectRule,
} from './page-rules.ts';
import { ROUTE_IDS, ROUTES } from './route-table.ts';

const visitor = { signedIn: false };
const player = { signedIn: true };

describe('matchRoute', () => {
  it('ranks static segments over params over splats, with or without a locale prefix', () => {
    expect(matchRoute('/support')?.id).toBe('support');
    expect(matchRoute('/about-us')).toMatchObject({ id: 'slug', params: { slug: 'about-us' } });
    expect(matchRoute('/es-ES/gamehall/slots')).toMatchObject({
      id: 'gamehallItem',
      params: { id: 'slots' },
      locale: 'es-ES',
      path: '/gamehall/slots',
    });
    expect(matchRoute('/tournaments/7/gamehall')?.id).toBe('tournamentGamehall');
    expect(matchRoute('/bets/anything/here')).toMatchObject({
      id: 'legacyBets',
      params: { '*': 'anything/here' },
    });
    expect(matchRoute('/es-ES')?.id).toBe('home');
    expect(matchRoute('/gamehall/')?.id).toBe('gamehall');
    expect(matchRoute('/game/book%20of%20ra')?.params).toEqual({ sysname: 'book of ra' });
  });

  it('matches nothing for unknown deep paths and malformed escapes', () => {
    expect(matchRoute('/no/such/page')).toBeNull();
    expect(matchRoute('/cashier/deposit/visa/extra')).toBeNull();
    expect(matchRoute('/game/%E0%A4%A')).toBeNull();
  });
});

describe('pageDecision (§2 guards and redirects)', () => {
  it('sends a visitor on a protected path to the index with the encoded full URL', () => {
    expect(pageDecision('/cashier/deposit?amount=10#top', visitor)).toEqual({
      kind: 'redirect',
      to: `/?redirectUrl=${encodeURIComponent('/cashier/deposit?amount=10#top')}`,
      status: 302,
    });
    expect(pageDecision('/es-ES/profile/settings', visitor)).toEqual({
      kind: 'redirect',
      to: `/es-ES?redirectUrl=${encodeURIComponent('/es-ES/profile/settings')}`,
      status: 302,
    });
    expect(pageDecision('/cashier/deposit', player)).toMatchObject({ kind: 'page' });
  });

  it('guards every protected segment but never a slug page', () => {
    for (const path of [
      '/profile',
      '/cashier',
      '/profile/bets/history',
      '/profile/responsible-game',
    ]) {
      expect(isProtectedPath(path), path).toBe(true);
    }
    for (const path of ['/cashier-guide', '/profile-tips', '/gamehall', '/', '/promotions']) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });

  it('answers 404 for unknown paths, legacy paths and params that fail validation', () => {
    // (`/responsible-game` now leads to the profile's page: issue #25, below.)
    for (const url of [
      '/no/such/page',
      '/bets/history',
      '/Not_A_Slug',
      '/game/..%2F..',
      '/tournaments/%20',
    ]) {
      expect(pageDecision(url, player), url).toEqual({ kind: 'not-found' });
    }
  });

  it('sends a visitor on any path holding bets or responsible-game to sign in (§2, §9)', () => {
    // The legacy paths and paths no route knows, like /cashier and /profile: #22.
    for (const [url, locale] of [
      ['/responsible-game', ''],
      ['/bets', ''],
      ['/bets/old/page?x=1#h', ''],
      ['/es-ES/bets/x', '/es-ES'],
      ['/pt-BR/responsible-game', '/pt-BR'],
      ['/no/such/bets', ''],
      ['/profile/responsible-game', ''],
    ] as const) {
      expect(pageDecision(url, visitor), url).toEqual({
        kind: 'redirect',
        to: `${locale || '/'}?redirectUrl=${encodeURIComponent(url)}`,
        status: 302,
      });
    }
    // A player on a legacy path: no page at /bets; /responsible-game leads to the profile's page
    // (issue #25), query and hash kept.
    expect(pageDecision('/bets', player)).toEqual({ kind: 'not-found' });
    expect(pageDecision('/es-ES/responsible-game?a=1#x', player)).toEqual({
      kind: 'redirect',
      to: '/es-ES/profile/responsible-game?a=1#x',
      status: 302,
    });
  });

  it("validates each route's {id} by the route table (§2: a failed validation is a 404)", () => {
    const valid = {
      '/tournaments/1': true,
      '/tournaments/2147483647': true,
      '/tournaments/2147483648': false,
      '/tournaments/not-a-valid-id': false,
      '/tournaments/0': false,
      '/tournaments/007': false,
      '/tournaments/-1': false,
      '/tournaments/1.5': false,
      '/tournaments/12/gamehall': true,
      '/tournaments/abc/gamehall': false,
      '/es-ES/tournaments/x/gamehall': false,
      '/promotions/42': true,
      '/promotions/summer-cup': true,
      '/promotions/%3Cx%3E': false,
      '/offers/7': true,
      '/offers/%20': false,
      '/jackpots/northstar-mega': true,
      '/jackpots/mega.pool_2': true,
      '/jackpots/%3Cscript%3E': false,
      '/jackpots/-lead': false,
      '/gamehall/slots': true,
      '/gamehall/not%20a%20name': false,
    } as const;
    for (const [url, ok] of Object.entries(valid)) {
      for (const session of [visitor, player]) {
        const decision = pageDecision(url, session);
        expect(decision.kind, `${url} ${JSON.stringify(session)}`).toBe(ok ? 'page' : 'not-found');
      }
    }
    // Every {id} route of the table has its own rule.
    const idRoutes = ROUTE_IDS.filter((id) => ROUTES[id].pattern.includes(':id'));
    expect(idRoutes.filter((id) => !ROUTE_PARAM_RULES[id]?.id)).toEqual([]);
  });

  it('redirects /profile/bets to its history and billing to deposit, keeping query, hash and locale', () => {
    expect(pageDecision('/profile/bets?x=1#h', player)).toEqual({
      kind: 'redirect',
      to: '/profile/bets/history?x=1#h',
      status: 302,
    });
    expect(pageDecision('/pt-BR/cashier/billing', player)).toEqual({
      kind: 'redirect',
      to: '/pt-BR/cashier/deposit',
      status: 302,
    });
    expect(pageDecision('/cashier/deposit/visa', player)).toMatchObject({ kind: 'page' });
  });
});

describe('gamehall category middleware', () => {
  it('sends /gamehall/{category} to the filtered gamehall, keeping the locale and query', () => {
    const match = matchRoute('/es-ES/gamehall/slots')!;
    expect(gamehallCategoryRedirect(match, '?sort=new', ['slots', 'live'])).toBe(
      '/es-ES/gamehall?sort=new&category=slots',
    );
    expect(gamehallCategoryRedirect(match, '', ['live'])).toBeNull();
    expect(gamehallCategoryRedirect(matchRoute('/gamehall')!, '', ['gamehall'])).toBeNull();
  });
});

describe('matchRedirectTable', () => {
  const rules: RedirectRule[] = [
    { from_url: '/old-promo', to_url: '/promotions' },
    { from_url: '/blog/*', to_url: '/news/*', status: 302 },
    { from_url: '/blog/special', to_url: '/promotions/7' },
    { from_url: '/partners', to_url: 'https://partners.example.com/join' },
    { from_url: '/evil', to_url: '//evil.example' },
    { from_url: '/script', to_url: 'javascript:alert(1)' },
    { from_url: '/loop/*', to_url: '/loop/*' },
  ];

  it('keeps the locale prefix, query and hash, and defaults to 301', () => {
    expect(matchRedirectTable(rules, '/es-ES/old-promo/?utm=x#top')).toEqual({
      to: '/es-ES/promotions?utm=x#top',
      status: 301,
      external: false,
    });
  });

  it('matches wildcards, prefers exact rules and substitutes the captured part', () => {
    expect(matchRedirectTable(rules, '/blog/2026/spring')).toEqual({
      to: '/news/2026/spring',
      status: 302,
      external: false,
    });
    expect(matchRedirectTable(rules, '/blog/special')?.to).toBe('/promotions/7');
  });

  it('marks http(s) targets external and keeps the query', () => {
    expect(matchRedirectTable(rules, '/partners?ref=7')).toEqual({
      to: 'https://partners.example.com/join?ref=7',
      status: 301,
      external: true,
    });
  });

  it('ignores unsafe targets, self-loops and misses', () => {
    expect(matchRedirectTable(rules, '/evil')).toBeNull();
    expect(matchRedirectTable(rules, '/script')).toBeNull();
    expect(matchRedirectTable(rules, '/loop/a')).toBeNull();
    expect(matchRedirectTable(rules, '/gamehall')).toBeNull();
  });
});
