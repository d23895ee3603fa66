export { loyaltyHandlers } from './handlers.ts';
