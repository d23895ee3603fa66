import { useSiteContent } from '@northstar/shell-sdk';

/**
 * The games config of the content backend (§3 "games config"), read leniently: a value an
 * operator typed that the casino does not know keeps the default, never breaks the page.
 *
 * - `itemOrientation`: tiles `horizontal` (288×192, the §3 image) or `vertical` (portrait);
 * - `zeroBalanceSlotAccess`: whether a signed-in player with no money may open a real-money
 *   game (false: the tile's play action sends them to the cashier's deposit page instead);
 * - `favouriteIcon`: the favourite toggle's icon (`heart` or `star`);
 * - `fullScreenVisibility`: who sees the game page's full-screen button: `all`, only inside the
 *   messaging-app mini-app (`telegram`), only in the installed web app (`product`), or `none`;
 * - `hallType`: the gamehall as one grid of `items` or as rows per `categories`;
 * - `providers`: the providers the hall lists first, in this order (others follow by name);
 * - `showRtp`: whether tiles show a game's return to player (a market may not allow it; not in
 *   §3: ours, default shown).
 */
export interface GamesConfig {
  itemOrientation: 'horizontal' | 'vertical';
  zeroBalanceSlotAccess: boolean;
  favouriteIcon: 'heart' | 'star';
  fullScreenVisibility: 'all' | 'telegram' | 'product' | 'none';
  hallType: 'items' | 'categories';
  providers: string[];
  showRtp: boolean;
}

/** The platform's defaults (apps/platform/src/content/cms-config.ts). */
export const GAMES_CONFIG_DEFAULTS: GamesConfig = {
  itemOrientation: 'horizontal',
  zeroBalanceSlotAccess: true,
  favouriteIcon: 'heart',
  fullScreenVisibility: 'all',
  hallType: 'categories',
  providers: [],
  showRtp: true,
};

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export function readGamesConfig(raw: unknown): GamesConfig {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const d = GAMES_CONFIG_DEFAULTS;
  return {
    itemOrientation: oneOf(value.itemOrientation, ['horizontal', 'vertical'], d.itemOrientation),
    zeroBalanceSlotAccess: flag(value.zeroBalanceSlotAccess, d.zeroBalanceSlotAccess),
    favouriteIcon: oneOf(value.favouriteIcon, ['heart', 'star'], d.favouriteIcon),
    fullScreenVisibility: oneOf(
      value.fullScreenVisibility,
      ['all', 'telegram', 'product', 'none'],
      d.fullScreenVisibility,
    ),
    hallType: oneOf(value.hallType, ['items', 'categories'], d.hallType),
    providers: Array.isArray(value.providers)
      ? value.providers.filter((p): p is string => typeof p === 'string')
      : d.providers,
    showRtp: flag(value.showRtp, d.showRtp),
  };
}

export function useGamesConfig(): GamesConfig {
  return readGamesConfig(useSiteContent()?.siteConfig.games);
}
