import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { media, Button } from '@northstar/ui';
import { useShellNavigation } from '@northstar/shell-sdk';
import { Logo } from './logo.tsx';
import { MAIN_MENU } from './menu-items.tsx';
import { NavLink } from './nav-link.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { BalanceSlot } from './balance-slot.tsx';
import { authDialogSearch } from './auth-dialog-host.tsx';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 100;
  height: ${({ theme }) => theme.headerHeight.mobile}px;
  background: rgba(11, 15, 28, 0.92);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${media.from('laptop')} {
    height: ${({ theme }) => theme.headerHeight.desktop}px;
  }
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  height: 100%;
  max-width: 1320px;
  margin: 0 auto;
  padding: 0 12px;
  ${media.from('tablet')} {
    padding: 0 24px;
  }
`;

const Menu = styled.nav`
  display: none;
  ${media.from('laptop')} {
    display: block;
  }
  ul {
    display: flex;
    gap: 4px;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radii.pill};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
    &:hover {
      color: ${({ theme }) => theme.colors.text};
    }
    &[aria-current='page'] {
      color: ${({ theme }) => theme.colors.text};
      background: ${({ theme }) => theme.colors.surfaceRaised};
    }
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-left: auto;
  ${media.from('tablet')} {
    gap: 8px;
  }
`;

const WideOnly = styled.span`
  display: none;
  ${media.from('tablet')} {
    display: inline-flex;
  }
`;

export function Header() {
  const { t } = useLingui();
  const { pathname, search, navigate } = useShellNavigation();
  return (
    <Bar>
      <Inner>
        <Logo />
        <Menu aria-label={t({ id: 'header.mainMenu', message: 'Main menu' })}>
          <ul>
            {MAIN_MENU.map((item) => (
              <li key={item.route}>
                <NavLink route={item.route}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </Menu>
        <Actions>
          <BalanceSlot />
          <WideOnly>
            <LocaleSwitcher />
          </WideOnly>
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
        </Actions>
      </Inner>
    </Bar>
  );
}
