export { bonusesHandlers } from './handlers.ts';
