export { bettingBonusesHandlers } from './handlers.ts';
