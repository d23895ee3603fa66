import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { localizePath } from '@northstar/i18n/locales';
import { sessionAtom, showToast, useShellNavigation, type Session } from '@northstar/shell-sdk';
import {
  hasReturnParam,
  isRegisterSuccess,
  QUERY,
  removeParams,
  returnPath,
  storePromoCode,
} from '@northstar/shell-sdk/query-params';

/** The status the effects last saw (module state: it outlives a remount of the tree). */
let lastStatus: Session['status'] = 'unknown';

/**
 * The page-wide query parameters of §2, applied on every navigation (in effects only):
 *
 * - when the session turns signed-in and the URL has `redirectUrl` (else `backUrl`), the player
 *   goes there if it is a path of this site, else to the index; the consumed parameters go;
 * - `register=success`: a welcome toast, then the flag is removed from the URL;
 * - `promo_code`: kept in localStorage (`promo_code`) for the registration form.
 *
 * `popup`/`#popup-preview` and the auth popup flags are the dialogs' (apps/shell/src/dialogs).
 */
export function UrlEffects() {
  const { pathname, search, hash, locale, navigate } = useShellNavigation();
  const session = useAtomValue(sessionAtom);
  const url = useRef({ search, hash, locale });
  useEffect(() => {
    url.current = { search, hash, locale };
  });

  useEffect(() => {
    try {
      storePromoCode(search, window.localStorage);
    } catch {
      // A browser that refuses storage keeps no promo code; the URL still has it.
    }
  }, [search]);

  useEffect(() => {
    const before = lastStatus;
    lastStatus = session.status;
    if (session.status !== 'signed-in' || before === 'signed-in') return;
    const { search: query, hash: fragment, locale: current } = url.current;
    if (!hasReturnParam(query)) return;
    const index = localizePath('/', current);
    const target = returnPath(query, current) ?? index;
    const rest = removeParams(query, [QUERY.redirectUrl, QUERY.backUrl]);
    // A server's guard redirect cannot see the hash; the browser carried it over to the index.
    const withHash = target.includes('#') ? target : `${target}${fragment}`;
    navigate(target === index ? `${index}${rest}${fragment}` : withHash, { replace: true });
  }, [session, navigate]);

  useEffect(() => {
    if (!isRegisterSuccess(search)) return;
    showToast({
      id: 'register-success',
      tone: 'success',
      title: <Trans id="register.success.title">Welcome aboard!</Trans>,
      text: (
        <Trans id="register.success.text">Your account is ready. Have fun and play safe.</Trans>
      ),
    });
    navigate(`${pathname}${removeParams(search, [QUERY.register])}${hash}`, { replace: true });
  }, [pathname, search, hash, navigate]);

  return <Outlet />;
}
