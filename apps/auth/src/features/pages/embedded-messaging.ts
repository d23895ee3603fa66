/**
 * The embedded forms' messages to the page that frames them (§2 "Embedded sign-up/sign-in pages
 * post a message to the parent to redirect to the main site with show_popup_reg=1 and a backUrl,
 * or to refresh the user after success. A same-origin iframe page posts its path to the
 * parent."). The shell of this site is such a parent (apps/shell/src/routing/url-actions.tsx, `embedMessage`);
 * a partner site that frames the forms listens for the same messages.
 *
 * Messages go only to an origin allowed to frame the forms: this site's own, or one of the site
 * config's `embedOrigins` (the same list the server puts in `frame-ancestors`).
 */
export const EMBED_MESSAGE = 'northstar:embed';

export type EmbedMessage =
  | { type: typeof EMBED_MESSAGE; action: 'refresh-user' }
  | { type: typeof EMBED_MESSAGE; action: 'redirect'; url: string }
  | { type: typeof EMBED_MESSAGE; action: 'path'; path: string };

/** The framing page's origin when it may hear us, else null (not framed, or a stranger). */
export function parentOrigin(options: {
  framed: boolean;
  ownOrigin: string;
  referrer: string;
  embedOrigins: readonly string[];
}): string | null {
  if (!options.framed) return null;
  let origin = options.ownOrigin;
  try {
    if (options.referrer) origin = new URL(options.referrer).origin;
  } catch {
    return null;
  }
  const allowed = [options.ownOrigin, ...options.embedOrigins.map(normaliseOrigin)];
  return allowed.includes(origin) ? origin : null;
}

function normaliseOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return '';
  }
}

/** The main site's address that opens the registration popup and comes back to `backUrl`. */
export function registrationRedirect(localeHome: string, backUrl: string | null): string {
  const query = new URLSearchParams({ show_popup_reg: '1' });
  if (backUrl) query.set('backUrl', backUrl);
  return `${localeHome}?${query.toString()}`;
}

/** Posts to the framing page, when it is allowed to hear us. */
export function postToParent(message: EmbedMessage, embedOrigins: readonly string[]): boolean {
  if (typeof window === 'undefined') return false;
  const target = parentOrigin({
    framed: window.parent !== window,
    ownOrigin: window.location.origin,
    referrer: document.referrer,
    embedOrigins,
  });
  if (!target) return false;
  window.parent.postMessage(message, target);
  return true;
}
