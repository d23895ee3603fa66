export { cashierHandlers } from './handlers.ts';
