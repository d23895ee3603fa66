import { lazy, Suspense, useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';

// The dialog frame is downloaded the first time a popup opens, not with every page.
const DialogFrame = lazy(() =>
  import('@northstar/ui/dialog').then((module) => ({ default: module.DialogFrame })),
);

const FLAGS = { auth: 'show_popup_auth', reg: 'show_popup_reg' } as const;

/** The query string that opens the sign-in (`auth`) or registration (`reg`) popup (§2). */
export function authDialogSearch(search: string, kind: keyof typeof FLAGS): string {
  const params = new URLSearchParams(search);
  params.delete(FLAGS.auth);
  params.delete(FLAGS.reg);
  params.set(FLAGS[kind], '1');
  return `?${params.toString()}`;
}

/**
 * Opens the authorization popup from `show_popup_auth` / `show_popup_reg`; `prevent_close=1`
 * makes it not closable; closing removes the flags (§2). The auth remote's five views plug in
 * here later; until then the frame says so.
 */
export function AuthDialogHost() {
  const { t } = useLingui();
  const { pathname, search, hash, navigate } = useShellNavigation();
  const params = new URLSearchParams(search);
  const kind = params.get(FLAGS.reg) ? 'reg' : params.get(FLAGS.auth) ? 'auth' : null;
  const preventClose = params.get('prevent_close') === '1';

  const close = useCallback(() => {
    const next = new URLSearchParams(search);
    for (const key of [FLAGS.auth, FLAGS.reg, 'prevent_close']) next.delete(key);
    const query = next.toString();
    navigate(pathname + (query ? `?${query}` : '') + hash, { replace: true });
  }, [pathname, search, hash, navigate]);

  if (kind === null) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame
        open
        dialogId={kind === 'reg' ? 'registration' : 'authorization'}
        onClose={close}
        preventClose={preventClose}
        closeLabel={t({ id: 'dialog.close', message: 'Close' })}
        title={
          kind === 'reg' ? (
            <Trans id="auth.registerTitle">Create your account</Trans>
          ) : (
            <Trans id="auth.signInTitle">Sign in to Northstar</Trans>
          )
        }
      >
        <p>
          <Trans id="auth.comingSoon">
            Accounts open very soon. Until then, explore the lobby as a guest.
          </Trans>
        </p>
      </DialogFrame>
    </Suspense>
  );
}
