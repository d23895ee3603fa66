import { Trans } from '@lingui/react/macro';
import { localizePath, type Locale } from '@northstar/i18n/locales';
import { refreshSession, showToast } from '@northstar/shell-sdk';
import { SHELL_METHODS, shellApi } from '../session/shell-api.ts';
import {
  hasReturnParam,
  isRegisterSuccess,
  QUERY,
  removeParams,
  returnPath,
  storePromoCode,
} from '@northstar/shell-sdk/query-params';

/**
 * What the page-wide query parameters of §2 do (url-effects.tsx decides when): loaded only when
 * a URL carries one of them, so the first screen of an ordinary visit does not download it.
 */

/** `promo_code`: kept in localStorage for the registration form. */
export function keepPromoCode(search: string): void {
  try {
    storePromoCode(search, window.localStorage);
  } catch {
    // A browser that refuses storage keeps no promo code; the URL still has it.
  }
}

/**
 * The session turned signed-in: the player goes to `redirectUrl` (else `backUrl`) when it is a
 * path of this site, else to the index; the consumed parameters go.
 */
export function returnAfterSignIn(
  { search, hash, locale }: { search: string; hash: string; locale: Locale },
  navigate: (to: string, options?: { replace?: boolean }) => void,
): void {
  if (!hasReturnParam(search)) return;
  const index = localizePath('/', locale);
  const target = returnPath(search, locale) ?? index;
  const rest = removeParams(search, [QUERY.redirectUrl, QUERY.backUrl]);
  // A server's guard redirect cannot see the hash; the browser carried it over to the index.
  const withHash = target.includes('#') ? target : `${target}${hash}`;
  navigate(target === index ? `${index}${rest}${hash}` : withHash, { replace: true });
}

/** `register=success`: a welcome toast, then the flag leaves the URL. */
export function welcomeAfterRegistration(
  { pathname, search, hash }: { pathname: string; search: string; hash: string },
  navigate: (to: string, options?: { replace?: boolean }) => void,
): void {
  if (!isRegisterSuccess(search)) return;
  showToast({
    id: 'register-success',
    tone: 'success',
    title: <Trans id="register.success.title">Welcome aboard!</Trans>,
    text: <Trans id="register.success.text">Your account is ready. Have fun and play safe.</Trans>,
  });
  navigate(`${pathname}${removeParams(search, [QUERY.register])}${hash}`, { replace: true });
}

/**
 * §4 messaging-app mini-app sign-in: the messaging app opens the site with its signed `initData`
 * in the hash (`#tgWebAppData=…`). The platform verifies it (HMAC with the bot token) and signs
 * in the player linked to that account, or a new one. The hash leaves the URL either way; a
 * refusal (forged, stale, or the sign-in not set up) is the §8 'wrong registration server error'
 * toast. An account with two-factor on goes on in the sign-in popup.
 */
export async function miniAppSignIn(
  { pathname, search, hash }: { pathname: string; search: string; hash: string },
  navigate: (to: string, options?: { replace?: boolean }) => void,
): Promise<void> {
  const initData = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  navigate(`${pathname}${search}`, { replace: true });
  if (!initData) return;
  const fields = new URLSearchParams(initData);
  let user: { id?: unknown; username?: unknown; language_code?: unknown } = {};
  try {
    user = JSON.parse(fields.get('user') ?? '{}') as typeof user;
  } catch {
    // The server refuses it below, with the same toast.
  }
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  try {
    const answer = await shellApi.send(SHELL_METHODS.register, {
      is_tg: true,
      id: typeof user.id === 'number' ? user.id : undefined,
      username: text(user.username),
      hash: text(fields.get('hash')),
      language_code: text(user.language_code),
      payload: initData,
    });
    if (answer.two_factor_auth) {
      navigate(`${pathname}?show_popup_auth=1`, { replace: true });
      return;
    }
    await refreshSession();
  } catch {
    showToast({
      id: 'mini-app-sign-in',
      tone: 'error',
      title: (
        <Trans id="session.miniAppFailed">
          We could not sign you in from the messaging app. Please try again.
        </Trans>
      ),
      text: (
        <Trans id="session.miniAppFailedText">
          Open the site from the app again, or sign in with your e-mail.
        </Trans>
      ),
    });
  }
}

/**
 * The parent side of the embedded forms (§2): a framed `/forms/sign_in` or `/forms/sign_up` asks
 * to refresh the user after a sign-in, or to go to the main site's registration popup. Messages
 * count only from this site's own origin and the site config's `embedOrigins`; a redirect goes
 * through the shell's navigation, which refuses a target off the site.
 */
export async function embedMessage(
  event: MessageEvent,
  context: { navigate: (to: string) => void; locale: string },
): Promise<void> {
  if (!(await isEmbeddingOrigin(event.origin, context.locale))) return;
  const data = event.data as { action?: unknown; url?: unknown };
  if (data.action === 'refresh-user') void refreshSession();
  else if (data.action === 'redirect' && typeof data.url === 'string') context.navigate(data.url);
}

/** This site, or one of the site config's `embedOrigins` (asked only for another origin). */
async function isEmbeddingOrigin(origin: string, locale: string): Promise<boolean> {
  if (origin === window.location.origin) return true;
  try {
    const response = await fetch(`/nfx/cms-config/${encodeURIComponent(locale)}`);
    const body = (await response.json()) as { siteConfig?: { embedOrigins?: unknown } };
    const listed = body.siteConfig?.embedOrigins;
    return (
      Array.isArray(listed) &&
      listed.some((entry) => typeof entry === 'string' && entry.replace(/\/$/, '') === origin)
    );
  } catch {
    return false;
  }
}
