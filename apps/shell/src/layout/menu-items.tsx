import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Icon, type IconName } from '@northstar/ui';
import type { RouteId } from '@northstar/shell-sdk';
import { NavLink } from './nav-link.tsx';

/**
 * The shell's built-in menus. The header's main menu is replaced by the content backend's
 * menuLinks when they load (§3 common content); the phone menus reuse the same items.
 */
export interface MenuItem {
  route: RouteId;
  icon: IconName;
  label: ReactNode;
}

export const HOME_ITEM: MenuItem = {
  route: 'home',
  icon: 'home',
  label: <Trans id="bottomMenu.home">Home</Trans>,
};

export const MAIN_MENU: MenuItem[] = [
  { route: 'gamehall', icon: 'casino', label: <Trans id="menu.casino">Casino</Trans> },
  { route: 'betting', icon: 'sports', label: <Trans id="menu.betting">Sports</Trans> },
  { route: 'promotions', icon: 'gift', label: <Trans id="menu.promotions">Promotions</Trans> },
  {
    route: 'tournaments',
    icon: 'trophy',
    label: <Trans id="menu.tournaments">Tournaments</Trans>,
  },
  { route: 'jackpots', icon: 'coins', label: <Trans id="menu.jackpots">Jackpots</Trans> },
  { route: 'loyalty', icon: 'star', label: <Trans id="menu.loyalty">VIP Club</Trans> },
];

/** Menu entries drawn as an icon over (or beside) their label, one `<li>` each. */
export function IconNavItems({ items }: { items: readonly MenuItem[] }) {
  return items.map((item) => (
    <li key={item.route}>
      <NavLink route={item.route}>
        <Icon name={item.icon} size={22} />
        <span>{item.label}</span>
      </NavLink>
    </li>
  ));
}
