import { memo, useCallback, useMemo } from 'react';
import { routePath, useBalance, useShellNavigation } from '@northstar/shell-sdk';
import { GameTile, gameName, type TileOrientation } from '../shared/game-tile.tsx';
import { useGamesConfig } from '../shared/games-config.ts';
import type { Game } from '../shared/api.ts';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { isFavourite } from '../favourites/favourite-model.ts';
import { useFavouriteToggle } from '../favourites/use-favourites.ts';
import { useProviderNames } from '../shared/catalogue-queries.ts';
import { needsDeposit } from './zero-balance.ts';

interface HallTileProps {
  game: Game;
  eager: boolean;
  orientation: TileOrientation;
  showRtp: boolean;
  icon: 'heart' | 'star';
  favourite: boolean;
  providerName: string | undefined;
  href: string | undefined;
  onToggle: (sysname: string) => void;
}

/**
 * One tile with its favourite toggle. Memoised on plain props: as the grid scrolls, the tiles
 * already on screen are not drawn again, only the row coming in.
 */
const HallTile = memo(function HallTile({
  game,
  eager,
  orientation,
  showRtp,
  icon,
  favourite,
  providerName,
  href,
  onToggle,
}: HallTileProps) {
  return (
    <GameTile
      game={game}
      eager={eager}
      orientation={orientation}
      showRtp={showRtp}
      providerName={providerName}
      href={href}
      actions={
        <FavouriteButton
          gameName={gameName(game)}
          icon={icon}
          on={favourite}
          onToggle={() => onToggle(game.sysname)}
        />
      }
    />
  );
});

/** Draws one hall tile: provider name, RTP per market, favourite toggle, zero-balance link. */
export function useHallTile() {
  const { itemOrientation, showRtp, favouriteIcon, zeroBalanceSlotAccess } = useGamesConfig();
  const providerNames = useProviderNames();
  const { toggle, favourites } = useFavouriteToggle();
  const { total } = useBalance();
  const { locale } = useShellNavigation();
  const depositPath = useMemo(() => routePath('cashierDeposit', {}, locale), [locale]);
  const balance = total?.amount;

  return useCallback(
    (game: Game, eager: boolean) => (
      <HallTile
        game={game}
        eager={eager}
        orientation={itemOrientation}
        showRtp={showRtp}
        icon={favouriteIcon}
        favourite={isFavourite(favourites, game.sysname)}
        providerName={providerNames.get(game.provider.sysname)}
        href={needsDeposit(game, zeroBalanceSlotAccess, balance) ? depositPath : undefined}
        onToggle={toggle}
      />
    ),
    [
      itemOrientation,
      showRtp,
      favouriteIcon,
      zeroBalanceSlotAccess,
      providerNames,
      favourites,
      balance,
      depositPath,
      toggle,
    ],
  );
}
