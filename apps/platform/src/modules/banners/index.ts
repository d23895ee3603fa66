export { bannersHandlers } from './handlers.ts';
