import { LOCALE_CODES } from '@northstar/i18n/locales';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { entriesOf, redirectRules, siteLocales, type RedirectRules } from '../content/index.ts';
import { gameCategories } from '../games/index.ts';
import { isRecord } from '../lib/input.ts';
import { readCspExtras, withChatSources, type CspExtras } from './csp.ts';

/**
 * What a page's first request is decided by, read from the content backend and the games module
 * and kept for a moment: every request (every `/api` call too) asks whether the site is in
 * maintenance, and must not cost a database round trip each time.
 *
 * - Kept for `SITE_STATE_TTL_MS`; a content-backend write on this process (any non-GET `/cms`
 *   request, web/index.ts) forgets it at once, so staff see their switch take effect on the next
 *   request. Another process of the same site sees the change within the TTL.
 * - `maintenance` and `localeDetectStrategy` come from the `site-config` entry of the DEFAULT
 *   locale only: one switch for the whole site, whatever locale a request is in.
 * - `available` is the site's locales (the content backend's `locales`) that the shell has texts
 *   for (`@northstar/i18n` LOCALE_CODES); empty means no locale can be determined (§8 500).
 */
export const SITE_STATE_TTL_MS = 2000;

export interface SiteState {
  maintenance: boolean;
  /** `localeDetectStrategy` of the common content (§3): `platform`, else the URL rule. */
  strategy: string | null;
  available: string[];
  defaultLocale: string | null;
  redirects: RedirectRules;
  categories: string[];
  /**
   * The sites that may show the embedded sign-in and sign-up forms (`/forms/sign_in`,
   * `/forms/sign_up`) in a frame: `embedOrigins` of the default locale's site config, origins only
   * (`https://partner.example`); anything else in the list is ignored.
   */
  embedOrigins: string[];
  /**
   * The operator's additions to the pages' Content-Security-Policy, and the live-chat provider's
   * sources (web/csp.ts).
   */
  csp: CspExtras;
}

/** An `http(s)://host[:port]` origin exactly as written, else null. */
export function originOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}

interface Cached {
  generation: number;
  state?: { value: SiteState; at: number };
  loading?: Promise<SiteState>;
}

const cache = new WeakMap<DatabaseHandle, Cached>();

function entryOf(database: DatabaseHandle): Cached {
  let cached = cache.get(database);
  if (!cached) {
    cached = { generation: 0 };
    cache.set(database, cached);
  }
  return cached;
}

/** Forgets the kept state (after a content write, or a test that changed the tables itself). */
export function forgetSiteState(database: DatabaseHandle): void {
  const cached = entryOf(database);
  cached.generation++;
  delete cached.state;
  delete cached.loading;
}

async function loadSiteState(app: AppContext): Promise<SiteState> {
  const { rows } = await siteLocales(app);
  const available = rows
    .map((row) => row.code)
    .filter((code) => (LOCALE_CODES as readonly string[]).includes(code));
  const defaultLocale = rows.find((row) => row.isDefault)?.code ?? null;
  const configLocale = defaultLocale ?? rows[0]?.code ?? null;
  const [config] = configLocale ? await entriesOf(app, 'site-config', configLocale) : [];
  const common = isRecord(config?.common) ? config.common : {};
  const [redirects, categories, [support]] = await Promise.all([
    redirectRules(app),
    gameCategories(app),
    // The live chat's provider adds its sources to the policy (web/csp.ts).
    entriesOf(app, 'support-settings', null),
  ]);
  return {
    maintenance: config?.maintenance === true,
    strategy: typeof common.localeDetectStrategy === 'string' ? common.localeDetectStrategy : null,
    available,
    defaultLocale,
    redirects,
    categories,
    embedOrigins: Array.isArray(config?.embedOrigins)
      ? [...new Set(config.embedOrigins.map(originOf).filter((o): o is string => o !== null))]
      : [],
    csp: withChatSources(readCspExtras(config?.contentSecurityPolicy), support),
  };
}

/** The site's state, at most `SITE_STATE_TTL_MS` old; concurrent callers share one load. */
export function siteState(app: AppContext): Promise<SiteState> {
  const cached = entryOf(app.database);
  const now = Date.now();
  if (cached.state && now - cached.state.at < SITE_STATE_TTL_MS) {
    return Promise.resolve(cached.state.value);
  }
  if (cached.loading) return cached.loading;
  const generation = cached.generation;
  const loading = loadSiteState(app).then(
    (value) => {
      // A write while this load ran makes its answer stale: it is used once, not kept.
      if (cached.generation === generation) cached.state = { value, at: Date.now() };
      if (cached.loading === loading) delete cached.loading;
      return value;
    },
    (error: unknown) => {
      if (cached.loading === loading) delete cached.loading;
      throw error;
    },
  );
  cached.loading = loading;
  return loading;
}
