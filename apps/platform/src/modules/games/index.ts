export { gamesHandlers } from './handlers.ts';
