export { gameCategories } from './categories.ts';
export { gamesHandlers } from './handlers.ts';
