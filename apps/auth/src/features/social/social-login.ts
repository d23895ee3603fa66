/**
 * Social sign-in through a popup (§4 "Social login"): the page to come back to is saved in
 * local storage, a 640×480 window opens `/oauth/init` (the platform sends it on to the provider
 * and back to `redirect_url`), and on return the saved address is read, removed and followed.
 *
 * The window comes back to the embedded sign-in page with `?social=…` (the outcome the platform
 * put in the query: done, `two_factor=required`, or `auth_error=<code>`). That page tells its
 * opener (same origin only) and closes; without an opener (a browser that opened it as a tab, or
 * a blocked popup, where the whole page went to the provider) it finishes there itself.
 */

/** §3 storage key "social-auth return". */
export const SOCIAL_RETURN_KEY = 'social_auth_return';
export const SOCIAL_MESSAGE = 'northstar:social';
const POPUP_FEATURES = 'popup=yes,width=640,height=480';

export type SocialOutcome =
  | { status: 'done' }
  | { status: 'two-factor'; resendTime: number; method: 'contact' | 'app' }
  | { status: 'error'; code: string };

/** The outcome the platform's callback put in the return page's query. */
export function socialOutcome(search: string): SocialOutcome | null {
  const query = new URLSearchParams(search);
  if (query.get('social') !== 'done') return null;
  const error = query.get('auth_error');
  if (error) return { status: 'error', code: error.slice(0, 64) };
  const twoFactor = query.get('two_factor');
  // `app` (issue #25): the code comes from the player's authenticator app.
  if (twoFactor === 'required' || twoFactor === 'app') {
    const seconds = Number(query.get('resend_time'));
    return {
      status: 'two-factor',
      resendTime: Number.isFinite(seconds) ? seconds : 60,
      method: twoFactor === 'app' ? 'app' : 'contact',
    };
  }
  return { status: 'done' };
}

export function isSocialMessage(data: unknown): data is { type: string; outcome: SocialOutcome } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SOCIAL_MESSAGE &&
    typeof (data as { outcome?: { status?: unknown } }).outcome?.status === 'string'
  );
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveSocialReturn(path: string): void {
  storage()?.setItem(SOCIAL_RETURN_KEY, path);
}

/** The saved return address, removed as it is read. */
export function takeSocialReturn(): string | null {
  const store = storage();
  const path = store?.getItem(SOCIAL_RETURN_KEY) ?? null;
  store?.removeItem(SOCIAL_RETURN_KEY);
  return path;
}

export function socialInitUrl(options: {
  service: string;
  typeAuth: 'login' | 'register';
  returnPage: string;
}): string {
  const query = new URLSearchParams({
    service: options.service,
    type_auth: options.typeAuth,
    redirect_url: options.returnPage,
  });
  return `/oauth/init?${query.toString()}`;
}

/** Opens the provider's window; without one (blocked), the page itself goes there. */
export function openSocialWindow(url: string): Window | null {
  const opened = window.open(url, 'northstar-social', POPUP_FEATURES);
  if (!opened) window.location.assign(url);
  return opened;
}
