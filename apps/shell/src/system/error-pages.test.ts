import { describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import {
  mayCover,
  systemPageForError,
  usesEmptyLayout,
  SYSTEM_PAGE_KINDS,
  type ErrorSource,
  type SystemPageKind,
} from './error-pages.ts';

const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CRAWLERS = [
  GOOGLEBOT,
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
];

const map = (error: unknown, source: ErrorSource, userAgent = PERSON) =>
  systemPageForError(error, { source, userAgent });

/** A router error response as react-router builds it (`throw data(body, { status })`). */
const routeResponse = (status: number, data: unknown = null) => ({
  status,
  statusText: '',
  internal: false,
  data,
});

/** The §8 envelope the server answers, read by the API client. */
const fromWire = (status: number, type: string, errorData?: Record<string, unknown>) =>
  ApiError.fromResponse(status, {
    error: { type, code: 'x', message: 'm', ...(errorData ? { error_data: errorData } : {}) },
  });

describe('§8 handling: any query or mutation', () => {
  it.each<[string, unknown, SystemPageKind | null]>([
    ['UserBannedException (403)', fromWire(403, 'UserBannedException'), 'user-blocked'],
    ['UserBanned with another status', fromWire(400, 'UserBannedException'), 'user-blocked'],
    [
      'error data type user-banned',
      fromWire(401, 'AuthorizationException', { type: 'user-banned' }),
      'user-blocked',
    ],
    ['ApplicationDisabledException', fromWire(503, 'ApplicationDisabledException'), 'maintenance'],
    [
      'ApplicationUnavailableException',
      fromWire(503, 'ApplicationUnavailableException'),
      'maintenance',
    ],
    [
      'ApplicationUnavailable with a 500',
      fromWire(500, 'ApplicationUnavailableException'),
      'maintenance',
    ],
    ['a bare HTTP 503', ApiError.fromResponse(503, '<html>busy</html>'), 'maintenance'],
    ['AccessDeniedException', fromWire(403, 'AccessDeniedException'), 'forbidden'],
    ['any HTTP 403', ApiError.fromResponse(403, null), 'forbidden'],
    // The rest stays with the screen that asked: no page over it.
    ['404', fromWire(404, 'MethodNotFoundException'), null],
    ['500', fromWire(500, 'InternalServerErrorException'), null],
    ['502 without a body', ApiError.fromResponse(502, null), null],
    ['field errors', fromWire(400, 'InvalidParameterException'), null],
    ['a notice', fromWire(402, 'UserNeedDepositException'), null],
    ['sign-in failure', fromWire(401, 'AuthorizationException'), null],
    ['a network failure', new TypeError('Failed to fetch'), null],
  ])('%s', (_label, error, expected) => {
    expect(map(error, 'query')).toBe(expected);
  });
});

describe('§8 handling: a route', () => {
  it.each<[string, unknown, SystemPageKind]>([
    ['a 404 response', routeResponse(404), 'not-found'],
    ['a 403 response', routeResponse(403), 'forbidden'],
    ['a 503 response', routeResponse(503), 'maintenance'],
    ['any other status: 500', routeResponse(500), 'not-found'],
    ['any other status: 400', routeResponse(400), 'not-found'],
    ['any other status: 401', routeResponse(401), 'not-found'],
    ['any other status: 429', routeResponse(429), 'not-found'],
    [
      'a 403 with the §8 envelope of a ban',
      routeResponse(403, {
        error: { type: 'UserBannedException', error_data: { type: 'user-banned' } },
      }),
      'user-blocked',
    ],
    [
      'a 403 with data type user-banned',
      routeResponse(403, { type: 'user-banned' }),
      'user-blocked',
    ],
    ['an API error: banned', fromWire(403, 'UserBannedException'), 'user-blocked'],
    ['an API error: unavailable', fromWire(503, 'ApplicationUnavailableException'), 'maintenance'],
    ['an API error: field errors', fromWire(400, 'InvalidParameterException'), 'not-found'],
  ])('%s', (_label, error, expected) => {
    expect(map(error, 'route')).toBe(expected);
    // A status page is not the fatal error page: crawlers see it too.
    expect(map(error, 'route', GOOGLEBOT)).toBe(expected);
  });

  it('a route that throws something without a status is fatal: the errors slot', () => {
    expect(map(new Error('boom'), 'route')).toBe('error');
    expect(map(new Error('boom'), 'route', GOOGLEBOT)).toBeNull();
  });
});

describe('§8 handling: fatal or unhandled errors', () => {
  it.each([new Error('render failed'), 'a string', null, undefined, fromWire(500, 'UnknownError')])(
    '%s shows the errors slot to a person',
    (error) => {
      expect(map(error, 'fatal')).toBe('error');
    },
  );

  it.each(CRAWLERS)('a crawler only logs: %s', (userAgent) => {
    expect(map(new Error('render failed'), 'fatal', userAgent)).toBeNull();
  });

  it('a fatal error with a status page still shows that page', () => {
    expect(map(routeResponse(503), 'fatal')).toBe('maintenance');
    expect(map(fromWire(403, 'UserBannedException'), 'fatal')).toBe('user-blocked');
    expect(map(routeResponse(404), 'fatal', GOOGLEBOT)).toBe('not-found');
  });
});

describe('§8 soft failures (locales, messages, start-up data, SEO, notices, custom code, chat)', () => {
  it.each<unknown>([
    new Error('locales did not load'),
    fromWire(500, 'InternalServerErrorException'),
    fromWire(503, 'ApplicationUnavailableException'),
    fromWire(403, 'UserBannedException'),
    routeResponse(404),
  ])('never show the player a page: %s', (error) => {
    expect(map(error, 'soft')).toBeNull();
  });
});

describe('the pages', () => {
  it('forbidden, maintenance and offline use the empty layout, the others the default one (§2)', () => {
    expect(SYSTEM_PAGE_KINDS.filter(usesEmptyLayout).sort()).toEqual([
      'forbidden',
      'maintenance',
      'offline',
    ]);
  });
});

describe('mayCover', () => {
  it.each(['/support', '/es-ES/support', '/en-US/support'])(
    'the user-blocked page leaves %s (where its button leads) reachable',
    (path) => {
      expect(mayCover('user-blocked', path)).toBe(false);
    },
  );

  it('covers any other path, and any page but user-blocked covers support', () => {
    expect(mayCover('user-blocked', '/gamehall')).toBe(true);
    expect(mayCover('user-blocked', '/support-team')).toBe(true);
    expect(mayCover('maintenance', '/support')).toBe(true);
    expect(mayCover('forbidden', '/es-ES/support')).toBe(true);
  });
});
