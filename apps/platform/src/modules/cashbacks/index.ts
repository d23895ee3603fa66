export { cashbacksHandlers } from './handlers.ts';
