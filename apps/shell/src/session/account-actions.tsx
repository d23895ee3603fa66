import { useAtomValue, useSetAtom } from 'jotai';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { balanceAtom, routePath, sessionAtom, useShellNavigation } from '@northstar/shell-sdk';
import { Button, media } from '@northstar/ui';
import { authDialogSearch } from '../layout/auth-dialog-host.tsx';
import { signOut } from './use-session-bootstrap.ts';

const Name = styled.span`
  display: none;
  max-width: 160px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  ${media.from('laptop')} {
    display: inline;
  }
`;

/** The header's account corner: sign-in and registration for visitors, name and sign-out for players. */
export function AccountActions() {
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const setBalance = useSetAtom(balanceAtom);
  const { pathname, search, locale, navigate } = useShellNavigation();

  if (session.status === 'unknown') return null;
  if (session.status === 'signed-in') {
    return (
      <>
        <Name data-testid="header-player">{session.user.fakename ?? session.user.login}</Name>
        <Button
          variant="ghost"
          size="sm"
          onClick={async () => {
            await signOut();
            setSession({ status: 'anonymous' });
            setBalance(null);
            navigate(routePath('home', {}, locale));
          }}
        >
          <Trans id="header.signOut">Sign out</Trans>
        </Button>
      </>
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
