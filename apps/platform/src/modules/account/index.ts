export { accountHandlers } from './handlers.ts';
