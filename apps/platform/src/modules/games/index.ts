export { activeGameSysnames, gameCategories } from './categories.ts';
export { gamesHandlers } from './handlers.ts';
import { domain } from '../../lib/domain.ts';
import { registerExportDownloads } from './exports.ts';

/** The game-history export files (`/platform/exports/{id}.csv`) and their background job. */
export const gameExportsDomain = domain('game-exports', registerExportDownloads);
