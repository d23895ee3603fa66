import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon, media, type IconName } from '@northstar/ui';
import type { RouteId } from '@northstar/shell-sdk';
import { NavLink } from './nav-link.tsx';

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 100;
  height: ${({ theme }) => theme.bottomMenuHeight}px;
  padding-bottom: env(safe-area-inset-bottom);
  background: rgba(19, 26, 44, 0.97);
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  ${media.from('tablet')} {
    display: none;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(5, 1fr);
    height: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 2px;
    height: 100%;
    font-size: 11px;
    font-weight: 600;
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textMuted};
    &[aria-current='page'] {
      color: ${({ theme }) => theme.colors.primary};
    }
  }
  svg {
    width: 22px;
    height: 22px;
  }
`;

const ITEMS: { route: RouteId; icon: IconName; label: ReactNode }[] = [
  {
    route: 'home',
    icon: 'home',
    label: <Trans id="bottomMenu.home">Home</Trans>,
  },
  {
    route: 'gamehall',
    icon: 'casino',
    label: <Trans id="menu.casino">Casino</Trans>,
  },
  {
    route: 'betting',
    icon: 'sports',
    label: <Trans id="menu.betting">Sports</Trans>,
  },
  {
    route: 'promotions',
    icon: 'gift',
    label: <Trans id="menu.promotions">Promotions</Trans>,
  },
  {
    route: 'cashier',
    icon: 'wallet',
    label: <Trans id="bottomMenu.cashier">Cashier</Trans>,
  },
];

/** The bottom menu of phones (under 768 px). */
export function MobileBottomMenu() {
  const { t } = useLingui();
  return (
    <Bar
      aria-label={t({ id: 'bottomMenu.label', message: 'Quick menu' })}
      data-testid="mobile-bottom-menu"
    >
      <ul>
        {ITEMS.map((item) => (
          <li key={item.route}>
            <NavLink route={item.route}>
              <Icon name={item.icon} size={22} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
