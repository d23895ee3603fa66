export { freespinsHandlers } from './handlers.ts';
