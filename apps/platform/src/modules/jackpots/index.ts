export { jackpotsHandlers } from './handlers.ts';
