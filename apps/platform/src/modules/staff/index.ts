export { staffHandlers } from './handlers.ts';
