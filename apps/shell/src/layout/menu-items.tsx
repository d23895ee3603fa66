import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { RouteId } from '@northstar/shell-sdk';

/**
 * The main menu. Static for now; the content backend's menuLinks replace it (§3 common content).
 */
export interface MenuItem {
  route: RouteId;
  label: ReactNode;
}

export const MAIN_MENU: MenuItem[] = [
  { route: 'gamehall', label: <Trans id="menu.casino">Casino</Trans> },
  { route: 'betting', label: <Trans id="menu.betting">Sports</Trans> },
  { route: 'promotions', label: <Trans id="menu.promotions">Promotions</Trans> },
  { route: 'tournaments', label: <Trans id="menu.tournaments">Tournaments</Trans> },
  { route: 'jackpots', label: <Trans id="menu.jackpots">Jackpots</Trans> },
  { route: 'loyalty', label: <Trans id="menu.loyalty">VIP Club</Trans> },
];
