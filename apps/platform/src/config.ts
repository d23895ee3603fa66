import { isIP } from 'node:net';
import path from 'node:path';
import * as v from 'valibot';

/** Where the workspace lives: the apps' dists are found from here. */
export const WORKSPACE_ROOT = path.resolve(import.meta.dirname, '../../..');

/** pino's levels; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'readable'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Which proxies may say who the client is (Fastify's `trustProxy`): their addresses or CIDR
 * ranges, or how many proxy hops stand in front of the server. `false` (the default): nobody, the
 * client is the TCP peer and `X-Forwarded-*` headers are ignored.
 */
export type TrustProxy = false | number | string[];

export interface PlatformConfig {
  port: number;
  host: string;
  /** Folder for the platform's data (database, uploads). */
  dataDir: string;
  /** When set, `/remotes.json` is this file (read on every request). */
  remotesFile: string | null;
  /** Folder holding `apps/<name>/dist` for the shell and every remote. */
  appsDir: string;
  /**
   * REMOTE_ORIGINS: the origins (`https://cdn.example.com`) a remote's server entry may be fetched
   * from and run by the server render (web/ssr.ts). Absent or empty: the platform's own only (the
   * remotes it hosts under `/remotes/<name>/`, and PUBLIC_URL's origin); a remote `/remotes.json`
   * places elsewhere then renders in the browser only. Server code from a CDN runs inside the
   * platform, so a compromised CDN must not become code execution here unless an operator says so.
   */
  remoteOrigins?: readonly string[];
  /** A real PostgreSQL; when null the embedded PGlite in DATA_DIR is used. */
  databaseUrl: string | null;
  /**
   * DATABASE_POOL_MAX: connections this instance may open to `databaseUrl` (default 20). Every
   * instance has its own: instances × this (+ one listening connection each) must stay under the
   * server's `max_connections`.
   */
  databasePoolMax?: number;
  /**
   * The site's public origin (`https://www.example.com`), for links in mails and the canonical
   * URLs of pages. Taken from PUBLIC_URL, never from a request's Host header (a caller could point
   * mailed links elsewhere). Unset, mailed links are site paths (`/unsubscribe?token=…`).
   */
  publicUrl?: string | null;
  /** TRUST_PROXY (default: trust no proxy). */
  trustProxy?: TrustProxy;
  /** LOG_LEVEL; null or absent: `info` (one line per request); `silent` turns logging off. */
  logLevel?: LogLevel | null;
  /**
   * LOG_FORMAT: `json` (one JSON object a line, for a log shipper) or `readable`; null or absent:
   * readable in demo mode, JSON in production.
   */
  logFormat?: LogFormat | null;
  /** METRICS_TOKEN: the bearer token `/metrics` asks for (required in production). */
  metricsToken?: string | null;
  /**
   * SITE_HOSTS: the hosts (`host` or `host:port`, lower case) this site answers as. Without
   * PUBLIC_URL, a page's canonical URL uses the request's Host only when it is one of them.
   */
  siteHosts?: readonly string[];
  /**
   * MINI_APP_BOT_TOKEN: the messaging app bot's token, which signs the mini app's `initData`
   * (providers/social/telegram.ts). Unset, the mini-app sign-in is off.
   */
  miniAppBotToken?: string | null;
  /**
   * WEBVIEW_UA_TOKENS: user-agent tokens of the operator's native apps; a page asked by one is
   * drawn as the web-view app (web/platform-type.ts). Unset: `NorthstarApp`.
   */
  webviewUserAgents?: readonly string[];
  /**
   * WALLET_PROVIDERS_FILE: a JSON list of external game providers (`{ id, name, publicKey,
   * launchUrl, games }`) that call the seamless wallet (wallet/seamless/README.md).
   */
  walletProvidersFile?: string | null;
  /**
   * RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_SECONDS: the general per-address throttle of `/api` and
   * `/cms` (http/throttle.ts); absent, its default (600 a minute); `max: 0` turns it off.
   */
  requestThrottle?: RequestThrottle;
  /**
   * How often each instance runs the bonus job (bonuses/jobs.ts: conversion and expiry); absent,
   * every 15 s; 0 turns the timer off (tests run the job themselves under a fake clock).
   */
  bonusJobIntervalMs?: number;
  /** How often each instance runs the cashback job (cashback/jobs.ts); absent, every 60 s; 0: off. */
  cashbackJobIntervalMs?: number;
  /**
   * Issue #27: the tournaments' payout job and the play-event consumer's safety poll (it is woken
   * by NOTIFY anyway); absent, every 5 s; 0: off (tests run the payout themselves).
   */
  tournamentsJobIntervalMs?: number;
  /**
   * Issue #27: the loyalty consumer's safety poll of the play-event stream (NOTIFY wakes it
   * anyway); absent, every 5 s; 0: off.
   */
  loyaltyPollMs?: number;
  /**
   * Issue #29: SPORTSBOOK_FEED_SPEED, how much faster than real time the sandbox feed plays its
   * calendar and matches (1: real time; 60: a football match in 90 s). Absent: 1.
   */
  sportsbookFeedSpeed?: number;
  /** SPORTSBOOK_MARGIN_BP: the book's margin on prices, basis points (absent: 600, 6 %). */
  sportsbookMarginBasisPoints?: number;
  /** SPORTSBOOK_CASH_OUT_MARGIN_BP: the margin kept on a cash-out's value (absent: 500, 5 %). */
  sportsbookCashOutMarginBasisPoints?: number;
  /**
   * How often each instance polls the feed (one of them ingests) and runs the settlement's safety
   * pass; absent, every second; 0: off (tests drive `feedPass` and `settleDue` themselves).
   */
  sportsbookJobIntervalMs?: number;
  /**
   * Issue #30: SUPPORT_EMAIL, where messages left for support (the chat's offline form, the
   * feedback form) are mailed; absent: `support@northstar.test` (the demo operator's).
   */
  supportEmail?: string;
  /** SUPPORT_HOURS: the support hours in words, as `chat/getstatus` tells visitors; absent: none. */
  supportHours?: string;
}

/** At most `max` requests per address in each window of `windowSeconds` (0: no throttle). */
export interface RequestThrottle {
  max: number;
  windowSeconds: number;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count trusts that many hops nearest the server,
 * whoever they are (Fastify itself trusts nobody for a bare number): right only when the server
 * can be reached through its proxies alone. Addresses are the safer setting.
 */
export function trustedProxies(
  value: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value && value.length > 0 ? value : false;
}

/** The general throttle's default budget (http/throttle.ts explains the numbers). */
export const DEFAULT_THROTTLE_MAX = 600;
export const DEFAULT_THROTTLE_WINDOW_S = 60;

/** A problem with one setting of the environment. */
export interface SettingProblem {
  setting: string;
  message: string;
}

/** The environment has wrong settings: every one is listed, not only the first. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly SettingProblem[];
  constructor(problems: readonly SettingProblem[]) {
    super(
      [
        `The environment has ${problems.length} wrong setting${problems.length === 1 ? '' : 's'}:`,
        ...problems.map((problem) => `  - ${problem.setting}: ${problem.message}`),
      ].join('\n'),
    );
    this.problems = problems;
  }
}

// --- the settings ------------------------------------------------------------------------------

const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const httpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
};

const flag = (name: string) =>
  v.optional(v.picklist(['1', '0'], `${name} must be 1 (on) or 0 (off)`));

function jsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** A whole number of at most `digits` digits. */
const whole = (message: string, digits = 15) =>
  v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${digits}}$`), message), v.transform(Number));

/** `a, b` → `['a', 'b']`. */
const commaList = v.transform((value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** A proxy address: an IP, a CIDR range (not one that holds every address) or a proxy-addr name. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

const TRUST_EVERYONE =
  'must not trust every client ("true", "*", a /0 range): any client could then choose its own address. Name the proxy addresses (10.0.0.2, 10.0.0.0/8) or the hop count (1)';

const trustProxy = v.pipe(
  v.string(),
  v.check((value) => !['true', '*', 'all'].includes(value.toLowerCase()), TRUST_EVERYONE),
  v.check((value) => !/(^|,)\s*(0\.0\.0\.0|::)\/0\s*(,|$)/.test(value), TRUST_EVERYONE),
  v.check(
    (value) =>
      /^\d{1,3}$/.test(value) ||
      value.toLowerCase() === 'false' ||
      value.split(',').every((item) => isProxyAddress(item.trim())),
    'must be a hop count (1) or comma-separated proxy addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8)',
  ),
  v.transform((value): TrustProxy => {
    if (value.toLowerCase() === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    return value.split(',').map((item) => item.trim());
  }),
);

/**
 * Every environment setting of the platform, checked at once by one schema. Values arrive trimmed,
 * an empty value counts as unset. What each one does and its default: README "Settings".
 */
const S3_NEEDS = 'is required when S3_BUCKET is set';

const ENV_SCHEMA = v.pipe(
  v.object({
    PORT: v.optional(
      v.pipe(
        whole('must be a port number, 0 to 65535', 5),
        v.maxValue(65535, 'must be a port number, 0 to 65535'),
      ),
    ),
    HOST: v.optional(v.pipe(v.string(), v.regex(/^[^\s/]+$/, 'must be a host name or address'))),
    DATA_DIR: v.optional(v.string()),
    APPS_DIR: v.optional(v.string()),
    REMOTES_FILE: v.optional(v.string()),
    REMOTE_ORIGINS: v.optional(
      v.pipe(
        v.string(),
        commaList,
        v.check(
          (origins) => origins.every((origin) => httpUrl(origin)),
          'must be comma-separated http(s) origins (https://cdn.example.com)',
        ),
        v.transform((origins) => origins.map((origin) => new URL(origin).origin)),
      ),
    ),
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.check(
          (value) =>
            URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol),
          'must be a postgres:// or postgresql:// URL',
        ),
      ),
    ),
    DATABASE_POOL_MAX: v.optional(
      v.pipe(
        whole('must be a whole number of connections, 1 to 1000', 4),
        v.check(
          (value) => value >= 1 && value <= 1000,
          'must be a whole number of connections, 1 to 1000',
        ),
      ),
    ),
    TRUST_PROXY: v.optional(trustProxy),
    PUBLIC_URL: v.optional(
      v.pipe(
        v.string(),
        v.check(httpUrl, 'must be an http(s) URL such as https://www.example.com'),
        v.transform((value) => new URL(value).origin),
      ),
    ),
    SITE_HOSTS: v.optional(
      v.pipe(
        v.string(),
        v.transform((value) => value.toLowerCase()),
        commaList,
        v.check(
          (hosts) => hosts.every((host) => HOST_PATTERN.test(host)),
          'must be comma-separated host names, with a port where it is not 80 or 443 (www.example.com, example.com:8080)',
        ),
      ),
    ),
    SECRET_KEY: v.optional(
      v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters long')),
    ),
    MINI_APP_BOT_TOKEN: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token such as 123456:ABC-DEF1234…'),
      ),
    ),
    PAYMENT_SANDBOX_SECRET: v.optional(
      v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters long')),
    ),
    PAYMENT_SANDBOX_PENDING_SECONDS: v.optional(
      whole('must be a whole number of seconds, 0 or more', 5),
    ),
    PAYMENT_SANDBOX_PAYOUT_SECONDS: v.optional(
      whole('must be a whole number of seconds, 0 or more', 5),
    ),
    KYC_SANDBOX_SECRET: v.optional(
      v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters long')),
    ),
    KYC_SANDBOX_REVIEW_SECONDS: v.optional(
      whole('must be a whole number of seconds, 0 or more', 5),
    ),
    WALLET_PROVIDERS_FILE: v.optional(v.pipe(v.string(), v.minLength(1, 'must be a file path'))),
    METRICS_TOKEN: v.optional(
      v.pipe(v.string(), v.minLength(24, 'must be at least 24 characters long')),
    ),
    LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
    LOG_FORMAT: v.optional(v.picklist(LOG_FORMATS, `must be one of ${LOG_FORMATS.join(', ')}`)),
    NODE_ENV: v.optional(
      v.picklist(['production', 'development', 'test'], 'must be production, development or test'),
    ),
    TIME_TO_FORCE_LOGOUT: v.optional(
      whole('must be a whole number of seconds, 0 or more (0 = off)', 10),
    ),
    S3_BUCKET: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
        ),
      ),
    ),
    S3_ENDPOINT: v.optional(
      v.pipe(
        v.string(),
        v.check(httpUrl, 'must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com'),
      ),
    ),
    S3_ACCESS_KEY_ID: v.optional(v.string()),
    S3_SECRET_ACCESS_KEY: v.optional(v.string()),
    S3_REGION: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as eu-central-1'),
      ),
    ),
    RATE_LIMIT_MAX: v.optional(whole('must be a whole number of requests, 0 or more (0 = off)', 9)),
    RATE_LIMIT_WINDOW_SECONDS: v.optional(
      v.pipe(
        whole('must be a whole number of seconds, 1 to 86400', 5),
        v.minValue(1, 'must be a whole number of seconds, 1 to 86400'),
        v.maxValue(86_400, 'must be a whole number of seconds, 1 to 86400'),
      ),
    ),
    DEMO_SEED: flag('DEMO_SEED'),
    MAIL_OUTBOX: flag('MAIL_OUTBOX'),
    SOCIAL_SANDBOX: flag('SOCIAL_SANDBOX'),
    WEBVIEW_UA_TOKENS: v.optional(
      v.pipe(
        v.string(),
        commaList,
        v.check(
          (tokens) => tokens.every((token) => /^[\w./-]{3,64}$/.test(token)),
          'must be comma-separated user-agent tokens of 3 to 64 letters, digits, dots, slashes, hyphens or underscores',
        ),
      ),
    ),
    // §3/§7 general info: the fraud-prevention security hit 3 s after a page starts (off by default).
    SEON_ENABLED: flag('SEON_ENABLED'),
    // #29: the sportsbook's sandbox feed speed and the book's margins.
    SPORTSBOOK_FEED_SPEED: v.optional(
      v.pipe(
        whole('must be a whole number from 1 (real time) to 3600', 4),
        v.minValue(1, 'must be a whole number from 1 (real time) to 3600'),
        v.maxValue(3600, 'must be a whole number from 1 (real time) to 3600'),
      ),
    ),
    SPORTSBOOK_MARGIN_BP: v.optional(
      v.pipe(
        whole('must be a whole number of basis points, 0 to 3000', 4),
        v.maxValue(3000, 'must be a whole number of basis points, 0 to 3000'),
      ),
    ),
    SPORTSBOOK_CASH_OUT_MARGIN_BP: v.optional(
      v.pipe(
        whole('must be a whole number of basis points, 0 to 3000', 4),
        v.maxValue(3000, 'must be a whole number of basis points, 0 to 3000'),
      ),
    ),
    // #30: where messages for support are mailed, and the support hours in words.
    SUPPORT_EMAIL: v.optional(
      v.pipe(v.string(), v.regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'must be an e-mail address')),
    ),
    SUPPORT_HOURS: v.optional(
      v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')),
    ),
    // #28: the analytics sinks pages hand events to (lib/general-settings.ts), a JSON object.
    ANALYTIC: v.optional(
      v.pipe(
        v.string(),
        v.check(jsonObject, 'must be a JSON object such as {"collector":{"enabled":true}}'),
      ),
    ),
  }),
  // A half-done S3 setup fails the start rather than lose uploads to a bucket that is not there.
  v.forward(
    v.partialCheck(
      [['S3_BUCKET'], ['S3_ENDPOINT']],
      (input) => input.S3_BUCKET === undefined || input.S3_ENDPOINT !== undefined,
      S3_NEEDS,
    ),
    ['S3_ENDPOINT'],
  ),
  v.forward(
    v.partialCheck(
      [['S3_BUCKET'], ['S3_ACCESS_KEY_ID']],
      (input) => input.S3_BUCKET === undefined || input.S3_ACCESS_KEY_ID !== undefined,
      S3_NEEDS,
    ),
    ['S3_ACCESS_KEY_ID'],
  ),
  v.forward(
    v.partialCheck(
      [['S3_BUCKET'], ['S3_SECRET_ACCESS_KEY']],
      (input) => input.S3_BUCKET === undefined || input.S3_SECRET_ACCESS_KEY !== undefined,
      S3_NEEDS,
    ),
    ['S3_SECRET_ACCESS_KEY'],
  ),
  v.forward(
    v.partialCheck(
      [
        ['S3_BUCKET'],
        ['S3_ENDPOINT'],
        ['S3_ACCESS_KEY_ID'],
        ['S3_SECRET_ACCESS_KEY'],
        ['S3_REGION'],
      ],
      (input) =>
        input.S3_BUCKET !== undefined ||
        [
          input.S3_ENDPOINT,
          input.S3_ACCESS_KEY_ID,
          input.S3_SECRET_ACCESS_KEY,
          input.S3_REGION,
        ].every((value) => value === undefined),
      'is required when another S3_ setting is set (without it uploads stay on the disk)',
    ),
    ['S3_BUCKET'],
  ),
);

/** The names of every setting the platform reads from the environment. */
export const SETTING_NAMES: readonly string[] = Object.keys(ENV_SCHEMA.pipe[0].entries);

/** Settings whose values are never repeated in an error message. */
const SECRET_SETTINGS = new Set([
  'DATABASE_URL',
  'SECRET_KEY',
  'MINI_APP_BOT_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'PAYMENT_SANDBOX_SECRET',
  'KYC_SANDBOX_SECRET',
  'METRICS_TOKEN',
]);

/**
 * The platform's configuration from the environment, checked by one schema at boot: a wrong
 * setting stops the start with a `ConfigError` that lists every wrong setting at once.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const input: Record<string, string> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') input[name] = value;
  }
  const parsed = v.safeParse(ENV_SCHEMA, input);
  if (!parsed.success) {
    const problems = new Map<string, SettingProblem>();
    for (const issue of parsed.issues) {
      const setting = String(issue.path?.[0]?.key ?? 'environment');
      if (problems.has(setting)) continue;
      const value = input[setting];
      const shown =
        value === undefined || SECRET_SETTINGS.has(setting)
          ? ''
          : ` (it is ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)})`;
      problems.set(setting, { setting, message: `${issue.message}${shown}` });
    }
    throw new ConfigError([...problems.values()]);
  }
  const settings = parsed.output;
  return {
    port: settings.PORT ?? 3000,
    host: settings.HOST ?? 'localhost',
    dataDir: path.resolve(settings.DATA_DIR ?? path.join(WORKSPACE_ROOT, 'data')),
    remotesFile: settings.REMOTES_FILE ? path.resolve(settings.REMOTES_FILE) : null,
    appsDir: path.resolve(settings.APPS_DIR ?? path.join(WORKSPACE_ROOT, 'apps')),
    ...(settings.REMOTE_ORIGINS?.length ? { remoteOrigins: settings.REMOTE_ORIGINS } : {}),
    databaseUrl: settings.DATABASE_URL ?? null,
    ...(settings.DATABASE_POOL_MAX !== undefined
      ? { databasePoolMax: settings.DATABASE_POOL_MAX }
      : {}),
    publicUrl: settings.PUBLIC_URL ?? null,
    trustProxy: settings.TRUST_PROXY ?? false,
    logLevel: settings.LOG_LEVEL ?? null,
    logFormat: settings.LOG_FORMAT ?? null,
    metricsToken: settings.METRICS_TOKEN ?? null,
    siteHosts: settings.SITE_HOSTS ?? [],
    miniAppBotToken: settings.MINI_APP_BOT_TOKEN ?? null,
    ...(settings.WEBVIEW_UA_TOKENS?.length
      ? { webviewUserAgents: settings.WEBVIEW_UA_TOKENS }
      : {}),
    ...(settings.SPORTSBOOK_FEED_SPEED !== undefined
      ? { sportsbookFeedSpeed: settings.SPORTSBOOK_FEED_SPEED }
      : {}),
    ...(settings.SPORTSBOOK_MARGIN_BP !== undefined
      ? { sportsbookMarginBasisPoints: settings.SPORTSBOOK_MARGIN_BP }
      : {}),
    ...(settings.SPORTSBOOK_CASH_OUT_MARGIN_BP !== undefined
      ? { sportsbookCashOutMarginBasisPoints: settings.SPORTSBOOK_CASH_OUT_MARGIN_BP }
      : {}),
    ...(settings.SUPPORT_EMAIL ? { supportEmail: settings.SUPPORT_EMAIL } : {}),
    ...(settings.SUPPORT_HOURS ? { supportHours: settings.SUPPORT_HOURS } : {}),
    walletProvidersFile: settings.WALLET_PROVIDERS_FILE
      ? path.resolve(settings.WALLET_PROVIDERS_FILE)
      : null,
    ...(settings.RATE_LIMIT_MAX !== undefined || settings.RATE_LIMIT_WINDOW_SECONDS !== undefined
      ? {
          requestThrottle: {
            max: settings.RATE_LIMIT_MAX ?? DEFAULT_THROTTLE_MAX,
            windowSeconds: settings.RATE_LIMIT_WINDOW_SECONDS ?? DEFAULT_THROTTLE_WINDOW_S,
          },
        }
      : {}),
  };
}
