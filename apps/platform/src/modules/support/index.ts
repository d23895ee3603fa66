export { supportHandlers } from './handlers.ts';
