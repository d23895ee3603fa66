import { HIT_PATH, trackIdFromSearch, type HitKind } from '@northstar/shell-sdk/analytics';

/** §7 "a security-hit query action 3 seconds after start". */
export const SECURITY_HIT_DELAY_MS = 3000;

const SEON_KEY = 'seon_session';
const VISIT_KEY = 'hit_sent';

/** The `/hit` address of a hit (a cache breaker `t`, §7's "timestamp query"). */
export function hitUrl(kind: HitKind, fields: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams({ kind });
  for (const [key, value] of Object.entries(fields)) if (value) query.set(key, value);
  query.set('t', Date.now().toString(36));
  return `${HIT_PATH}?${query}`;
}

/** Sends a hit as a tracking image (no answer to read, no CORS, no marker needed). */
function sendHit(url: string): void {
  const image = new Image(1, 1);
  image.referrerPolicy = 'same-origin';
  image.src = url;
}

function fromSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function toSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage refused (private mode): the hit goes once per page instead of once per visit
  }
}

/**
 * The device session the security hit carries. With SEON's own agent on the page (an operator's
 * custom code) its session is used; otherwise the site's own: a random id kept for the tab's
 * visit, which links the visit's sign-ins and sign-ups as one device for the fraud checks.
 */
export function deviceSession(page: { seon?: { getSession?: () => unknown } }): string {
  const fromAgent = page.seon?.getSession?.();
  if (typeof fromAgent === 'string' && /^[A-Za-z0-9._-]{1,128}$/.test(fromAgent)) return fromAgent;
  const kept = fromSession(SEON_KEY);
  if (kept) return kept;
  const made = crypto
    .getRandomValues(new Uint32Array(4))
    .reduce((id, part) => id + part.toString(36).padStart(7, '0'), '');
  toSession(SEON_KEY, made);
  return made;
}

/**
 * The visit's tracking image, once per visit (tab session), after the visitor allowed analytics:
 * where they came from and an affiliate's id from the landing address (`td_…`).
 */
export function sendVisitHit(landing: { search: string; referrer: string }): void {
  if (fromSession(VISIT_KEY)) return;
  toSession(VISIT_KEY, '1');
  sendHit(
    hitUrl('visit', {
      referer: landing.referrer.slice(0, 2000) || null,
      track_id: trackIdFromSearch(landing.search),
    }),
  );
}

/** The security hit (when general info's `is_seon_enabled`), 3 s after the page started. */
export function scheduleSecurityHit(
  page: { seon?: { getSession?: () => unknown } },
  landingSearch: string,
): () => void {
  const delay = Math.max(0, SECURITY_HIT_DELAY_MS - performance.now());
  const timer = setTimeout(
    () =>
      sendHit(
        hitUrl('security', {
          seon_session: deviceSession(page),
          track_id: trackIdFromSearch(landingSearch),
        }),
      ),
    delay,
  );
  return () => clearTimeout(timer);
}
