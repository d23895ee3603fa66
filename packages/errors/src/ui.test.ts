import { describe, expect, it } from 'vitest';
import type { ErrorUiAction } from './catalogue.ts';
import { shouldShowErrorPage, uiActionFor, type UiErrorInput } from './ui.ts';

const page = (p: string) => ({ kind: 'page', page: p });

describe('uiActionFor (§8 handling)', () => {
  it.each<[string, UiErrorInput, ErrorUiAction | ReturnType<typeof page>]>([
    // banned first, whatever the status
    ['banned type', { status: 403, type: 'UserBanned' }, page('user-blocked')],
    ['banned type, odd status', { status: 400, type: 'UserBanned' }, page('user-blocked')],
    [
      'error_data type user-banned',
      { status: 403, type: 'AccessDenied', errorData: { type: 'user-banned' } },
      page('user-blocked'),
    ],
    [
      'error_data user-banned without type',
      { status: 401, errorData: { type: 'user-banned' } },
      page('user-blocked'),
    ],
    // disabled / unavailable application → maintenance
    ['disabled', { status: 503, type: 'ApplicationDisabled' }, page('maintenance')],
    ['unavailable', { status: 503, type: 'ApplicationUnavailable' }, page('maintenance')],
    ['disabled, odd status', { status: 500, type: 'ApplicationDisabled' }, page('maintenance')],
    // any HTTP 403 → forbidden
    ['403 access denied', { status: 403, type: 'AccessDenied' }, page('forbidden')],
    ['403 without type', { status: 403 }, page('forbidden')],
    ['403 whatever the type', { status: 403, type: 'InvalidParameter' }, page('forbidden')],
    ['403 user deleted', { status: 403, type: 'UserDeleted' }, page('forbidden')],
    // field errors and notices
    ['invalid parameter', { status: 400, type: 'InvalidParameter' }, { kind: 'fields' }],
    ['too many requests', { status: 429, type: 'TooManyRequests' }, { kind: 'notice' }],
    ['need deposit', { status: 402, type: 'UserNeedDeposit' }, { kind: 'notice' }],
    ['kyc withdrawal', { status: 422, type: 'KycWithdrawal' }, { kind: 'notice' }],
    ['authorization', { status: 401, type: 'Authorization' }, { kind: 'notice' }],
    ['429 without type', { status: 429 }, { kind: 'notice' }],
    ['401 without type', { status: 401, type: null }, { kind: 'notice' }],
    // status pages
    ['404 method not found', { status: 404, type: 'MethodNotFound' }, page('not-found')],
    ['404 without type', { status: 404 }, page('not-found')],
    ['503 without type', { status: 503 }, page('maintenance')],
    ['503 with unknown error', { status: 503, type: 'UnknownError' }, page('maintenance')],
    // any other status → not found
    ['500 unknown', { status: 500, type: 'UnknownError' }, page('not-found')],
    ['500 internal', { status: 500, type: 'InternalServerError' }, page('not-found')],
    ['502 without type', { status: 502 }, page('not-found')],
    ['400 without type', { status: 400 }, page('not-found')],
    ['418 without type', { status: 418 }, page('not-found')],
    ['error_data with another type', { status: 500, errorData: { type: 'x' } }, page('not-found')],
    // fatal, unhandled failures → error page, unless a status page applies
    ['fatal 500', { status: 500, fatal: true }, page('error')],
    ['fatal 404', { status: 404, fatal: true }, page('not-found')],
    ['fatal 503', { status: 503, fatal: true }, page('maintenance')],
    ['fatal 403', { status: 403, fatal: true }, page('forbidden')],
  ])('%s', (_label, input, expected) => {
    expect(uiActionFor(input)).toEqual(expected);
  });
});

describe('shouldShowErrorPage', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'TelegramBot (like TwitterBot)',
    'WhatsApp/2.23.20.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    'Mozilla/5.0 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
    'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
    'Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)',
    'SomeNewCrawler/0.1 crawler',
    'Mozilla/5.0 (compatible; Examplebot/1.0)',
  ])('a crawler only logs: %s', (ua) => {
    expect(shouldShowErrorPage(ua)).toBe(false);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 10; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.4.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    '',
  ])('a person gets the error page: %j', (ua) => {
    expect(shouldShowErrorPage(ua)).toBe(true);
  });
});
