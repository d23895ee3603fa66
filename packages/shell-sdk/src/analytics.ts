import type { AnalyticsEventName } from '@northstar/contract';

/**
 * The site's analytics, as the remotes and the shell see it (issue #28). A part that wants an
 * event counted calls `track(name, properties)`: the event goes on the page's queue
 * (`window.northstarAnalytics`, an array, like a tag manager's data layer), which costs nothing
 * and sends nothing. The shell's analytics (apps/shell/src/analytics), loaded after the page has
 * hydrated, reads the queue and hands each event once to the sinks general info's `analytic`
 * turns on, and only after the visitor accepted analytics cookies in the banner; until then the
 * events wait in the page, and a refusal drops them.
 *
 * This module is its own entry (`@northstar/shell-sdk/analytics`), not a shared singleton: each
 * remote bundles these few lines, and the queue they share is the window's.
 */

/** A property's value: flat scalars only (`analyticsEventProperties` in the contract). */
export type AnalyticsValue = string | number | boolean | null;

export interface QueuedAnalyticsEvent {
  event: AnalyticsEventName;
  /** Made once here: the sinks and the server's collector keep an event once. */
  event_id: string;
  /** When it happened (ms since the epoch). */
  at: number;
  [property: string]: AnalyticsValue;
}

/** The page's global scope (`window` in a browser; this module is also read by the platform). */
type Page = { northstarAnalytics?: QueuedAnalyticsEvent[]; document?: unknown };

/** The page's queue (`window.northstarAnalytics`), made on first use; null on the server. */
export function analyticsQueue(): QueuedAnalyticsEvent[] | null {
  const page = globalThis as Page;
  if (typeof page.document === 'undefined') return null;
  return (page.northstarAnalytics ??= []);
}

/**
 * Queues an event for the site's analytics. Does nothing on the server. An `event_id` among the
 * properties names the event itself (`deposit-{transaction}`): however often the page tracks it
 * (a result page opened again), it is counted once.
 */
export function track(event: AnalyticsEventName, properties: Record<string, AnalyticsValue> = {}) {
  const given = properties.event_id;
  analyticsQueue()?.push({
    ...properties,
    event,
    event_id: typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : eventId(),
    at: Date.now(),
  });
}

function eventId(): string {
  // randomUUID needs a secure context (https or localhost); a site opened over plain http on
  // another address still gets a unique enough id.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // not a secure context
    }
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The visitor's answer to the cookie banner, in a cookie both the platform and the page read:
 * `all` (analytics allowed) or `necessary` (only what the site needs to work). No cookie: not
 * asked yet, so nothing is sent. Kept for a year, like the locale cookie (§9).
 */
export const CONSENT_COOKIE = 'cookie_consent';
export type ConsentChoice = 'all' | 'necessary';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The choice in a `Cookie` header or `document.cookie`; null when there is none (or it is not ours). */
export function consentFromCookies(cookies: string | undefined | null): ConsentChoice | null {
  for (const part of (cookies ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    const value = rest.join('=').trim();
    return value === 'all' || value === 'necessary' ? value : null;
  }
  return null;
}

/** The `document.cookie` assignment that records a choice. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * §7 `/hit`'s `track_id`, "converted from the td_ prefix": a landing address carries an
 * affiliate's tracking id as a query key `td_{id}` (`/?td_a1b2c3`), or as the value of `td_`
 * (`/?td_=a1b2c3`). Letters, digits, `-` and `_`, at most 64; anything else is no id.
 */
export function trackIdFromSearch(search: string): string | null {
  for (const [key, value] of new URLSearchParams(search)) {
    if (!key.startsWith('td_')) continue;
    const id = key === 'td_' ? value : key.slice(3);
    if (/^[A-Za-z0-9_-]{1,64}$/.test(id)) return id;
  }
  return null;
}

/** `/hit`: the tracking image's address and its two kinds. */
export const HIT_PATH = '/hit';
export type HitKind = 'visit' | 'security';
