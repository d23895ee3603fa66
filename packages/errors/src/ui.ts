import { ERROR_CATALOGUE, type ErrorType, type ErrorUiAction } from './catalogue.ts';

export interface UiErrorInput {
  status: number;
  type?: ErrorType | null;
  errorData?: Record<string, unknown>;
  /**
   * A fatal or unhandled failure (a thrown exception, locale init failing, §8): shows the
   * error page unless a status page applies.
   */
  fatal?: boolean;
}

const NOT_FOUND: ErrorUiAction = { kind: 'page', page: 'not-found' };

/** Statuses with their own page (§8 "Status codes for not found, forbidden, maintenance"). */
const STATUS_PAGES: Readonly<Record<number, ErrorUiAction>> = {
  403: { kind: 'page', page: 'forbidden' },
  404: NOT_FOUND,
  503: { kind: 'page', page: 'maintenance' },
};

/**
 * Statuses that, without a known type, still mean "tell the player": rate limited, or signed
 * out / wrong credentials.
 */
const STATUS_NOTICES: ReadonlySet<number> = new Set([401, 429]);

/**
 * §8 handling, in order:
 * 1. banned (the type, or `error_data.type === 'user-banned'`) → user-blocked page;
 * 2. application disabled or unavailable → maintenance page;
 * 3. HTTP 403 → forbidden page (whatever the type);
 * 4. a type whose catalogue entry is a notice or field errors → that;
 * 5. 404 / 503 → not-found / maintenance page; 401 / 429 → notice;
 * 6. fatal → error page;
 * 7. anything else → not-found page.
 */
export function uiActionFor(error: UiErrorInput): ErrorUiAction {
  const { status, type, errorData } = error;
  if (type === 'UserBanned' || errorData?.type === 'user-banned') {
    return { kind: 'page', page: 'user-blocked' };
  }
  if (type === 'ApplicationDisabled' || type === 'ApplicationUnavailable') {
    return { kind: 'page', page: 'maintenance' };
  }
  if (status === 403) return { kind: 'page', page: 'forbidden' };
  if (type) {
    const ui = ERROR_CATALOGUE[type].ui;
    if (ui.kind !== 'page') return ui;
  }
  const statusPage = STATUS_PAGES[status];
  if (statusPage) return statusPage;
  if (STATUS_NOTICES.has(status)) return { kind: 'notice' };
  if (error.fatal) return { kind: 'page', page: 'error' };
  return NOT_FOUND;
}

/**
 * Crawlers only log a fatal error and never get the error page (§8), so a transient failure is
 * not indexed as the page's content. Matches the well-known search, social and AI crawlers by
 * name, then generic `…bot/1.0`, `spider` and `crawler` tokens. Headless Chrome is not a crawler
 * (our e2e suite and Lighthouse use it).
 */
const CRAWLER_PATTERN = new RegExp(
  [
    'googlebot',
    'google-inspectiontool',
    'storebot-google',
    'adsbot-google',
    'mediapartners-google',
    'apis-google',
    'feedfetcher-google',
    'google-extended',
    'bingbot',
    'bingpreview',
    'msnbot',
    'adidxbot',
    'yandex\\w*bot',
    'yandex(?:images|video|metrika|direct|webmaster)',
    'duckduckbot',
    'duckassistbot',
    'baiduspider',
    '\\bslurp\\b',
    'facebookexternalhit',
    'facebookcatalog',
    'meta-externalagent',
    'twitterbot',
    'linkedinbot',
    'pinterestbot',
    'slackbot',
    'discordbot',
    'telegrambot',
    'whatsapp',
    'skypeuripreview',
    'vkshare',
    'applebot',
    'petalbot',
    'sogou',
    'exabot',
    'seznambot',
    'qwantify',
    'mail\\.ru_bot',
    'ia_archiver',
    'ahrefsbot',
    'semrushbot',
    'mj12bot',
    'dotbot',
    'rogerbot',
    'screaming frog',
    'gptbot',
    'chatgpt-user',
    'oai-searchbot',
    'claudebot',
    'perplexitybot',
    'ccbot',
    'bytespider',
    'amazonbot',
    '[a-z]bot/\\d',
    '\\bspider\\b',
    '\\bcrawler\\b',
  ].join('|'),
  'i',
);

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_PATTERN.test(userAgent);
}

export function shouldShowErrorPage(userAgent: string): boolean {
  return !isCrawler(userAgent);
}
