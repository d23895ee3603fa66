import { useId, type MouseEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  confirm,
  routePath,
  sessionAtom,
  useShellNavigation,
  type SessionUser,
} from '@northstar/shell-sdk';
import { Icon, media } from '@northstar/ui';
import { MenuItems, USER_MENU } from '../layout/menu-items.tsx';
import { signOut } from './use-session-bootstrap.ts';

const Name = styled.span`
  display: none;
  max-width: 160px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  ${media.from('laptop')} {
    display: inline;
  }
`;

const AccountButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
`;

/**
 * The player's menu: a native popover (top layer, Esc and outside clicks close it, focus returns
 * to the button), pinned under the header's right end.
 */
const Popover = styled.div`
  inset: ${({ theme }) => theme.headerHeight.mobile + 4}px 12px auto auto;
  margin: 0;
  min-width: 220px;
  padding: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 16px 40px rgba(0, 0, 0, 0.45);
  ${media.from('laptop')} {
    inset: ${({ theme }) => theme.headerHeight.desktop + 4}px 24px auto auto;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a,
  button {
    display: flex;
    align-items: center;
    gap: 12px;
    width: 100%;
    min-height: 44px;
    padding: 0 12px;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    text-align: left;
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.colors.surface};
    }
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  hr {
    margin: 6px 0;
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/**
 * The signed-in player's corner of the header: the account button and its menu, with sign-out.
 * A chunk of its own (session/account-actions.tsx loads it): a visitor's first screen never
 * downloads it.
 */
export function PlayerMenu({ user }: { user: SessionUser }) {
  const setSession = useSetAtom(sessionAtom);
  const { locale, navigate } = useShellNavigation();
  const queryClient = useQueryClient();
  const menuId = useId();
  const { t } = useLingui();

  // Following a link of the menu closes it.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) {
      event.currentTarget.hidePopover();
    }
  };
  return (
    <>
      <AccountButton type="button" popoverTarget={menuId}>
        <Icon name="user" size={20} />
        <Name data-testid="header-player">{user.fakename ?? user.login}</Name>
        <span className="visually-hidden">
          <Trans id="header.accountMenu">Account menu</Trans>
        </span>
      </AccountButton>
      <Popover id={menuId} popover="auto" onClick={closeOnLink}>
        <nav aria-labelledby={`${menuId}-title`}>
          <span id={`${menuId}-title`} className="visually-hidden">
            <Trans id="header.accountMenu">Account menu</Trans>
          </span>
          <ul>
            <MenuItems cmsKey="userMenuLinks" fallback={USER_MENU} icons={20} />
          </ul>
        </nav>
        <hr />
        <button
          type="button"
          onClick={async (event) => {
            // Hidden first: focus goes back to the account button, and returns there on reject.
            event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();
            const agreed = await confirm({
              id: 'sign-out',
              title: t({ id: 'header.signOutConfirmTitle', message: 'Sign out?' }),
              text: (
                <Trans id="header.signOutConfirmText">
                  You will need your password to come back to your account.
                </Trans>
              ),
              rejectLabel: <Trans id="header.signOutStay">Stay signed in</Trans>,
              agreeLabel: <Trans id="header.signOut">Sign out</Trans>,
            });
            if (!agreed) return;
            // signOut drops the player's answers, the balance with them (useBalance).
            await signOut(queryClient);
            setSession({ status: 'anonymous' });
            navigate(routePath('home', {}, locale));
          }}
        >
          <Icon name="lock" size={20} />
          <Trans id="header.signOut">Sign out</Trans>
        </button>
      </Popover>
    </>
  );
}
