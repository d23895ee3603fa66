// The site's categories and game pages are the games domain's; re-exported here for web/.
export { activeGameSysnames, gameCategories } from '../../games/index.ts';
export { gamesHandlers } from './handlers.ts';
