import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { sessionAtom, useShellNavigation } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { authDialogSearch } from '../layout/auth-dialog-host.tsx';
import { withMoreMessages } from '../content/more-messages.ts';

const PlayerMenu = lazy(() =>
  withMoreMessages(() => import('./player-menu.tsx')).then((module) => ({
    default: module.PlayerMenu,
  })),
);

/** The header's account corner: sign-in and registration for visitors, the player's menu for players. */
export function AccountActions() {
  const session = useAtomValue(sessionAtom);
  const { pathname, search, navigate } = useShellNavigation();

  if (session.status === 'unknown') return null;
  if (session.status === 'signed-in') {
    return (
      <Suspense fallback={null}>
        <PlayerMenu user={session.user} />
      </Suspense>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => navigate(pathname + authDialogSearch(search, 'auth'))}
      >
        <Trans id="header.signIn">Sign in</Trans>
      </Button>
      <Button size="sm" onClick={() => navigate(pathname + authDialogSearch(search, 'reg'))}>
        <Trans id="header.register">Register</Trans>
      </Button>
    </>
  );
}
