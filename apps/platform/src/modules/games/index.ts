export { gameCategories } from './categories.ts';
export { DEMO_GAMES, seedDemoGames } from './demo-games.ts';
export { gamesHandlers } from './handlers.ts';
