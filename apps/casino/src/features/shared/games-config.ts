import type { GamesSiteConfig } from '@northstar/contract';
import { useSiteConfig } from '@northstar/shell-sdk';

/**
 * The games config of the content backend (§3 "games config"): the contract's `games` section
 * (packages/contract site-config), read and defaulted by the platform, so a value an operator
 * typed that the casino does not know has already become its default.
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
export type GamesConfig = GamesSiteConfig;

export function useGamesConfig(): GamesConfig {
  return useSiteConfig('games');
}
