import { Trans } from '@lingui/react/macro';
import { localizePath, type Locale } from '@northstar/i18n/locales';
import { showToast } from '@northstar/shell-sdk';
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
