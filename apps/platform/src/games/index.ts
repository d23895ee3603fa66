import { domain } from '../lib/domain.ts';
import { registerExportDownloads } from './history-exports.ts';
import { registerGameLaunchRoutes } from './launch.ts';
import { registerOriginals } from './routes.ts';

/** The in-house game server ("Northstar Originals"): a game provider that uses the wallet's API. */
export const originalsDomain = domain('originals', registerOriginals);

/**
 * Game launch (`/platform/game/{sysname}/play`) and the external providers' catalogue, synced at
 * start from the wallet's provider list.
 */
export const gameLaunchDomain = domain('game-launch', registerGameLaunchRoutes);

/** The game-history export files (`/platform/exports/{id}.csv`) and their background job. */
export const gameExportsDomain = domain('game-exports', registerExportDownloads);

export { engineRtp, STAKES, type Engine } from './tables.ts';
export { SLOT_VARIANTS, slotReturn } from './engines/slot.ts';
export { ORIGINALS_LAUNCH_PATH } from './routes.ts';
export {
  demoCatalogue,
  originalGames,
  seedCatalogue,
  STUDIOS,
  type CatalogueGame,
} from './catalogue.ts';
export { JACKPOTS, seedJackpots } from './jackpots.ts';
export { ensureGameProviders } from './seeding.ts';
export {
  activeGameSysnames,
  catalogue,
  categoryCounts,
  gameCategories,
  gameCategoriesOf,
  gameNamesOf,
  isActiveGame,
  providersWithCounts,
  type CatalogueFilter,
  type CatalogueRow,
} from './catalogue-queries.ts';
export { addFavourite, favouritesOf, removeFavourite } from './favourites.ts';
export {
  EXPORT_MAX_DAYS,
  EXPORT_MAX_ROUNDS,
  latestExport,
  playerExports,
  playerGameRounds,
  requestExport,
  runExports,
} from './history-exports.ts';
export { jackpotPools, jackpotWinsPage } from './jackpot-queries.ts';
