import { domain } from '../lib/domain.ts';
import { registerGameLaunchRoutes } from './launch.ts';
import { registerOriginals } from './routes.ts';

/** The in-house game server ("Northstar Originals"): a game provider that uses the wallet's API. */
export const originalsDomain = domain('originals', registerOriginals);

/**
 * Game launch (`/platform/game/{sysname}/play`) and the external providers' catalogue, synced at
 * start from the wallet's provider list.
 */
export const gameLaunchDomain = domain('game-launch', registerGameLaunchRoutes);

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
