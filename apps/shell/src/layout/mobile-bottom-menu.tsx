import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { media } from '@northstar/ui';
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

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const ITEMS: { route: RouteId; icon: ReactNode; label: ReactNode }[] = [
  {
    route: 'home',
    icon: icon('M3 11l9-8 9 8M5 10v10h14V10'),
    label: <Trans id="bottomMenu.home">Home</Trans>,
  },
  {
    route: 'gamehall',
    icon: icon('M4 5h16v14H4zM9 9l6 3-6 3z'),
    label: <Trans id="menu.casino">Casino</Trans>,
  },
  {
    route: 'betting',
    icon: icon('M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18'),
    label: <Trans id="menu.betting">Sports</Trans>,
  },
  {
    route: 'promotions',
    icon: icon(
      'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7a3 3 0 10-3-3c0 2 3 3 3 3zm0 0a3 3 0 113-3c0 2-3 3-3 3',
    ),
    label: <Trans id="menu.promotions">Promotions</Trans>,
  },
  {
    route: 'cashier',
    icon: icon('M3 7h18v12H3zM3 11h18M16 15h2'),
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
              {item.icon}
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
