export { sportsbookHandlers } from './handlers.ts';
