export { leaderboardHandlers } from './handlers.ts';
