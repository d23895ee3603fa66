export { reportsHandlers } from './handlers.ts';
