export { chatHandlers } from './handlers.ts';
