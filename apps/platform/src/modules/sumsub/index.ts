export { sumsubHandlers } from './handlers.ts';
