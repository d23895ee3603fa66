import { useCallback } from 'react';
import { routePath, useBalance, useShellNavigation } from '@northstar/shell-sdk';
import { GameTile, gameName } from '../shared/game-tile.tsx';
import { useGamesConfig } from '../shared/games-config.ts';
import type { Game } from '../shared/api.ts';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { useFavouriteToggle } from '../favourites/use-favourites.ts';
import { useProviderNames } from './hall-queries.ts';
import { needsDeposit } from './zero-balance.ts';

/** Draws one hall tile: provider name, RTP per market, favourite toggle, zero-balance link. */
export function useHallTile() {
  const config = useGamesConfig();
  const providerNames = useProviderNames();
  const favourites = useFavouriteToggle();
  const { total } = useBalance();
  const { locale } = useShellNavigation();
  const depositPath = routePath('cashierDeposit', {}, locale);
  const balance = total?.amount;
  const { toggle, isFavourite } = favourites;

  return useCallback(
    (game: Game, eager: boolean) => (
      <GameTile
        game={game}
        eager={eager}
        orientation={config.itemOrientation}
        showRtp={config.showRtp}
        providerName={providerNames.get(game.provider.sysname)}
        href={needsDeposit(game, config.zeroBalanceSlotAccess, balance) ? depositPath : undefined}
        actions={
          <FavouriteButton
            gameName={gameName(game)}
            icon={config.favouriteIcon}
            on={isFavourite(game.sysname)}
            onToggle={() => toggle(game.sysname)}
          />
        }
      />
    ),
    [config, providerNames, balance, depositPath, toggle, isFavourite],
  );
}
