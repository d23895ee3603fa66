import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useAtomValue } from 'jotai';
import { sessionAtom, useShellNavigation, type Session } from '@northstar/shell-sdk';
import { withMoreMessages } from '../content/more-messages.ts';

/** The actions, downloaded the first time a URL carries one of their parameters. */
const actions = () => withMoreMessages(() => import('./url-actions.tsx'));

/** Whether `search` names parameter `name` (a cheap test before loading the actions). */
const has = (search: string, name: string) => new RegExp(`[?&]${name}=`).test(search);

/** The status the effects last saw (module state: it outlives a remount of the tree). */
let lastStatus: Session['status'] = 'unknown';

/**
 * The page-wide query parameters of §2, applied on every navigation (in effects only):
 *
 * - when the session turns signed-in and the URL has `redirectUrl` (else `backUrl`), the player
 *   goes there if it is a path of this site, else to the index; the consumed parameters go.
 *   `backUrl` is the return address after auth or payment (§2): it is followed after a sign-in
 *   on this page, not when a page opens with a session already there (`unknown` → signed-in),
 *   where it belongs to the page (the cashier's deposit follows it when a deposit finishes);
 * - `register=success`: a welcome toast, then the flag is removed from the URL;
 * - `promo_code`: kept in localStorage (`promo_code`) for the registration form;
 * - `#tgWebAppData=…`: the messaging app's mini-app sign-in;
 * - messages of the embedded forms framed by this page (`northstar:embed`).
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
  const embedding = useRef({ navigate, locale });
  useEffect(() => {
    embedding.current = { navigate, locale };
  });

  // §2 the parent side of the embedded forms: their messages are handled by the actions.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type !== 'northstar:embed') return;
      void actions().then((m) => m.embedMessage(event, embedding.current));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (has(search, 'promo_code')) void actions().then((m) => m.keepPromoCode(search));
  }, [search]);

  useEffect(() => {
    const before = lastStatus;
    lastStatus = session.status;
    if (session.status !== 'signed-in' || before === 'signed-in') return;
    const at = url.current;
    const signedInHere = before === 'anonymous';
    if (!has(at.search, 'redirectUrl') && !(signedInHere && has(at.search, 'backUrl'))) return;
    void actions().then((m) => m.returnAfterSignIn(at, navigate));
  }, [session, navigate]);

  // §4 the messaging app's mini app opens the site with its signed data in the hash.
  useEffect(() => {
    if (!hash.includes('tgWebAppData=')) return;
    void actions().then((m) => m.miniAppSignIn({ pathname, search, hash }, navigate));
  }, [pathname, search, hash, navigate]);

  useEffect(() => {
    if (!has(search, 'register')) return;
    void actions().then((m) => m.welcomeAfterRegistration({ pathname, search, hash }, navigate));
  }, [pathname, search, hash, navigate]);

  return <Outlet />;
}
